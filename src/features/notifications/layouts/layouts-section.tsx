// Layouts and snippets on the notifications page (issue 38): listed under the templates, each
// opening its editor. Loaded lazily with its own chunk; on a server without `/layouts` and
// `/snippets` (404/405) it shows nothing and the page is as before.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { layoutsQueryOptions, snippetsQueryOptions, type AssetRef } from '../../../api/layouts';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useReadOnlyReason } from '../../../components/resource-editor/read-only';
import { AssetEditorDialog } from './asset-editor-dialog';
import { NewAssetDialog } from './new-asset-dialog';

export function LayoutsSection({ slugs }: { slugs: readonly string[] }) {
  const layouts = useQuery(layoutsQueryOptions()).data;
  const snippets = useQuery(snippetsQueryOptions()).data;
  const [editing, setEditing] = useState<Extract<AssetRef, { kind: 'snippet' }> | null>(null);
  const [creating, setCreating] = useState<AssetRef['kind'] | null>(null);
  const readOnly = useReadOnlyReason('notification');
  const navigate = useNavigate();
  if (!layouts && !snippets) return null;
  const heading = (id: string, title: string, kind: AssetRef['kind']) => (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {readOnly === null && (
        <Button size="sm" variant="ghost" onClick={() => setCreating(kind)}>
          {kind === 'layout' ? 'New layout' : 'New snippet'}
        </Button>
      )}
    </div>
  );
  return (
    <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
      {layouts && (
        <section aria-labelledby="layouts-heading">
          {heading('layouts-heading', 'Layouts', 'layout')}
          <ul className="divide-border border-border divide-y rounded-md border">
            {layouts.map((layout) => (
              <li key={layout.slug} className="flex items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{layout.name}</p>
                  <p className="text-muted truncate text-xs">
                    {layout.used_by.length === 0
                      ? 'Not used yet'
                      : `Used by ${layout.used_by.join(', ')}`}
                  </p>
                </div>
                {/* A layout has its own editor page (translations, drafts, History). */}
                <Link
                  to="/notifications/layouts/$slug"
                  params={{ slug: layout.slug }}
                  className={buttonClasses('secondary', 'sm')}
                  aria-label={`Open layout ${layout.name}`}
                >
                  Open
                </Link>
              </li>
            ))}
            {layouts.length === 0 && (
              <li className="text-muted px-3 py-2 text-sm">No layouts yet</li>
            )}
          </ul>
        </section>
      )}
      {snippets && (
        <section aria-labelledby="snippets-heading">
          {heading('snippets-heading', 'Snippets', 'snippet')}
          <ul className="divide-border border-border divide-y rounded-md border">
            {snippets.map((snippet) => (
              <li key={snippet.name} className="flex items-center justify-between gap-2 px-3 py-2">
                <code className="truncate text-sm">{`{% render '${snippet.name}' %}`}</code>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Open snippet ${snippet.name}`}
                  onClick={() => setEditing({ kind: 'snippet', name: snippet.name })}
                >
                  Open
                </Button>
              </li>
            ))}
            {snippets.length === 0 && (
              <li className="text-muted px-3 py-2 text-sm">No snippets yet</li>
            )}
          </ul>
        </section>
      )}
      {creating && (
        <NewAssetDialog
          kind={creating}
          onClose={() => setCreating(null)}
          onCreated={(ref) => {
            setCreating(null);
            if (ref.kind === 'layout') {
              void navigate({ to: '/notifications/layouts/$slug', params: { slug: ref.slug } });
            } else setEditing(ref);
          }}
        />
      )}
      {editing && (
        <AssetEditorDialog assetRef={editing} slugs={slugs} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
