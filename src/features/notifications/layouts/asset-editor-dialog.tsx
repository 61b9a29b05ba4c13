// The editor of one snippet (issue 38), in a dialog over the notifications list or the canvas:
// its body in the notification editor's Code view, then "Review changes" shows every e-mail the
// draft changes (impact-review.tsx) and only "Save" writes, with If-Match. Errors land on their
// field; the draft stays open through errors and conflicts. Read-only for a viewer. A layout has
// its own page (layout-editor-page.tsx), which "Edit layout" opens in the same tab.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import {
  fetchImpact,
  layoutKeys,
  saveSnippet,
  snippetQueryOptions,
  type AssetRef,
} from '../../../api/layouts';
import { keySite } from '../../../api/key-site';
import type { Impact } from '../../../../contract/schemas/layout';
import { ReadOnlyFields, useReadOnlyReason } from '../../../components/resource-editor/read-only';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { LazyCodeEditor } from '../editor/lazy-code-editor';
import { EditorReadOnlyContext } from '../editor/read-only-context';
import { defaultSamplesFor } from '../samples/sample-catalog';
import { ImpactReview } from './impact-review';

type Draft = Record<string, string>;
type SnippetRef = Extract<AssetRef, { kind: 'snippet' }>;

const LABELS: Record<string, string> = { body: 'Body' };

/** The samples the impact renders each notification with: its first default sample. */
function samplesFor(slugs: readonly string[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(slugs.map((slug) => [slug, defaultSamplesFor(slug)[0]?.data ?? {}]));
}

function AssetForm({
  assetRef,
  stored,
  etag,
  slugs,
  onClose,
}: {
  assetRef: SnippetRef;
  stored: Draft;
  etag: string | null;
  slugs: readonly string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const readOnly = useReadOnlyReason('notification');
  const [draft, setDraft] = useState<Draft>(stored);
  const [impact, setImpact] = useState<Impact | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changes = Object.fromEntries(
    Object.entries(draft).filter(([field, value]) => value !== stored[field]),
  );

  const fail = (error: unknown) => {
    setImpact(null);
    if (isApiError(error) && error.status === 412) {
      setMessage(
        'Someone saved this meanwhile: close and open it again (copy your changes first).',
      );
      return;
    }
    if (isApiError(error) && error.fieldErrors.length > 0) {
      const next: Record<string, string> = {};
      for (const detail of error.fieldErrors) {
        const field = detail.field in draft ? detail.field : null;
        if (field) next[field] = detail.message;
      }
      setErrors(next);
      setMessage(Object.keys(next).length === 0 ? error.message : null);
      return;
    }
    setMessage(error instanceof Error ? error.message : String(error));
  };

  const review = async () => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      setImpact(await fetchImpact(assetRef, changes, samplesFor(slugs)));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await saveSnippet(assetRef.name, changes, etag);
      const site = keySite();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: layoutKeys.layouts(site) }),
        queryClient.invalidateQueries({ queryKey: layoutKeys.snippets(site) }),
        queryClient.invalidateQueries({ queryKey: [site, 'notifications'] }),
      ]);
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const dirty = Object.keys(changes).length > 0;
  const footer = readOnly ? (
    <Button variant="secondary" onClick={onClose}>
      Close
    </Button>
  ) : impact ? (
    <>
      <Button variant="secondary" onClick={() => setImpact(null)} disabled={busy}>
        Back to editing
      </Button>
      <Button onClick={() => void save()} disabled={busy}>
        Save
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button onClick={() => void review()} disabled={busy || !dirty}>
        Review changes
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={`Snippet ${assetRef.name}`}
      description={"Used with {% render '" + assetRef.name + "' %} in any template or layout."}
      footer={footer}
    >
      {message && <FormAlert message={message} />}
      {impact ? (
        <ImpactReview impact={impact} />
      ) : (
        <EditorReadOnlyContext.Provider value={readOnly !== null}>
          <ReadOnlyFields reason={readOnly} inCard={false}>
            <div className="flex flex-col gap-4">
              {Object.keys(stored).map((field) => (
                <div key={field} className="flex flex-col gap-1">
                  <span id={`asset-${field}-label`} className="text-sm font-medium">
                    {LABELS[field] ?? field}
                  </span>
                  <LazyCodeEditor
                    defaultValue={draft[field] ?? ''}
                    onChange={(value) => setDraft((current) => ({ ...current, [field]: value }))}
                    mode="liquid-html"
                    label={LABELS[field] ?? field}
                    minHeight="8rem"
                  />
                  {errors[field] && (
                    <p role="alert" className="text-danger text-sm">
                      {errors[field]}
                    </p>
                  )}
                </div>
              ))}
            </div>
          </ReadOnlyFields>
        </EditorReadOnlyContext.Provider>
      )}
    </Dialog>
  );
}

export function AssetEditorDialog({
  assetRef,
  slugs,
  onClose,
}: {
  assetRef: SnippetRef;
  /** The notifications, for their samples. */
  slugs: readonly string[];
  onClose: () => void;
}) {
  const query = useQuery(snippetQueryOptions(assetRef.name));
  if (!query.data) {
    return (
      <Dialog open onClose={onClose} title="Loading…">
        {query.error ? <FormAlert message={query.error.message} /> : <p>Loading…</p>}
      </Dialog>
    );
  }
  return (
    <AssetForm
      key={query.data.etag}
      assetRef={assetRef}
      stored={{ body: query.data.data.body }}
      etag={query.data.etag}
      slugs={slugs}
      onClose={onClose}
    />
  );
}
