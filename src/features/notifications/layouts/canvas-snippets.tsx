// The snippets in a template's Visual canvas (issue 38), loaded on demand with the canvas: each
// `{% render 'name' %}` chip shows what the snippet renders in the shown locale, read-only, and
// its "Edit snippet" opens the snippet's editor (the layouts section's asset editor). On a server
// without /snippets nothing is drawn, and "Edit snippet" opens the tag in the code.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { snippetsQueryOptions } from '../../../api/layouts';
import { notificationsQueryOptions } from '../../../api/notifications';
import type { LayoutDrawer } from '../visual/view/canvas-port';
import { drawSnippetPreviews, guardSnippetEdit } from '../visual/view/snippet-preview';
import { AssetEditorDialog } from './asset-editor-dialog';

export interface CanvasSnippetsProps {
  /** The shown translation; null: the default language. */
  locale: string | null;
  /** The canvas frame's document, once the canvas is ready. */
  doc: Document;
  /** Fills the chips' previews after each drawing of the canvas from now on (null: no longer). */
  attach: (draw: LayoutDrawer | null) => void;
}

export default function CanvasSnippets({ locale, doc, attach }: CanvasSnippetsProps) {
  const snippets = useQuery(snippetsQueryOptions()).data;
  const [editing, setEditing] = useState<string | null>(null);
  const bodies = useMemo(
    () =>
      snippets &&
      new Map(
        snippets.map((snippet) => [
          snippet.name,
          (locale === null ? undefined : snippet.translations[locale]?.body) ?? snippet.body,
        ]),
      ),
    [snippets, locale],
  );

  useEffect(() => (bodies ? guardSnippetEdit(doc, setEditing) : undefined), [doc, bodies]);
  useEffect(() => {
    if (!bodies) return;
    attach((frame, scope) => {
      drawSnippetPreviews(frame, bodies, scope);
    });
    return () => attach(null);
  }, [bodies, attach]);

  return (
    editing &&
    // Out of the editor's <form> in the document too: a form may not hold another.
    createPortal(<SnippetEditor name={editing} onClose={() => setEditing(null)} />, document.body)
  );
}

/** The asset editor of one snippet, with every notification's samples for its impact. */
function SnippetEditor({ name, onClose }: { name: string; onClose: () => void }) {
  const notifications = useQuery(notificationsQueryOptions()).data;
  const slugs = useMemo(
    () => notifications?.flatMap((notification) => (notification.slug ? [notification.slug] : [])),
    [notifications],
  );
  if (!slugs) return null;
  return <AssetEditorDialog assetRef={{ kind: 'snippet', name }} slugs={slugs} onClose={onClose} />;
}
