// The layout's editor state (issue 38): the values per locale against what the service sent, the
// draft kept in the browser, and the save — refused before the review when an html lost its
// `{{ content }}`, then the impact review (every e-mail it changes), then the PUT with If-Match.
// The service's errors land on their field; unsaved work survives errors and conflicts.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError, type ApiResponse } from '../../../api/client';
import { keySite } from '../../../api/key-site';
import { fetchImpact, layoutKeys, saveLayout } from '../../../api/layouts';
import type { Impact, Layout } from '../../../../contract/schemas/layout';
import { toast } from '../../../components/ui/toast';
import { currentSite } from '../current-site';
import { defaultSamplesFor } from '../samples/sample-catalog';
import {
  contentErrors,
  isLayoutChanged,
  layoutChanges,
  layoutValuesOf,
  withLayoutText,
  type LayoutField,
  type LayoutValues,
} from './layout-values';
import { useLayoutDraft } from './use-layout-draft';

/** The samples the impact renders each notification with: its first default sample. */
function samplesFor(slugs: readonly string[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(slugs.map((slug) => [slug, defaultSamplesFor(slug)[0]?.data ?? {}]));
}

export function useLayoutEditor(saved: ApiResponse<Layout>) {
  const queryClient = useQueryClient();
  const [site] = useState(currentSite);
  const layout = saved.data;
  const basis = useMemo(() => layoutValuesOf(layout), [layout]);
  const [values, setValues] = useState<LayoutValues>(basis);
  // Bumped when values come from outside the typing (a draft, a version, a revert): the fields
  // start again from them.
  const [generation, setGeneration] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [impact, setImpact] = useState<Impact | null>(null);
  const [busy, setBusy] = useState(false);
  // Saved: until the page takes the new version (a new key), the old edits are no draft.
  const [written, setWritten] = useState(false);
  const dirty = isLayoutChanged(basis, values);
  const draft = useLayoutDraft({
    site,
    slug: layout.slug,
    saved: basis,
    baseUpdatedAt: layout.updated_at,
    values,
    isDirty: dirty && !written,
  });

  const edit = (locale: string | null, field: LayoutField, value: string) =>
    setValues((current) => withLayoutText(current, locale, field, value));

  /** Puts values into the editor as unsaved edits (a draft, an old version, a revert). */
  const load = (next: LayoutValues) => {
    setValues(next);
    setErrors({});
    setImpact(null);
    setGeneration((n) => n + 1);
  };

  const fail = (error: unknown) => {
    setImpact(null);
    if (isApiError(error) && error.status === 412) {
      setMessage(
        'Someone saved this layout meanwhile: your edits are kept as a draft; reload to start from their version and restore it.',
      );
      return;
    }
    if (isApiError(error) && error.fieldErrors.length > 0) {
      setErrors(Object.fromEntries(error.fieldErrors.map((d) => [d.field, d.message])));
      setMessage(error.message);
      return;
    }
    setMessage(error instanceof Error ? error.message : String(error));
  };

  const review = async () => {
    setMessage(null);
    const refused = contentErrors(basis, values);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setBusy(true);
    try {
      setImpact(
        await fetchImpact(
          { kind: 'layout', slug: layout.slug },
          layoutChanges(basis, values),
          samplesFor(layout.used_by),
        ),
      );
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await saveLayout(layout.slug, layoutChanges(basis, values), saved.etag);
      setWritten(true);
      draft.discard();
      const key = layoutKeys.layout(keySite(), layout.slug);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: layoutKeys.layouts(keySite()), exact: true }),
        queryClient.invalidateQueries({ queryKey: [keySite(), 'notifications'] }),
      ]);
      toast.success('Layout saved');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    layout,
    basis,
    values,
    generation,
    dirty,
    draft,
    errors,
    message,
    impact,
    busy,
    edit,
    load,
    review,
    save,
    cancelReview: () => setImpact(null),
    restoreDraft: () => {
      if (draft.offered) load(draft.offered.values);
      draft.dismissOffer();
    },
    revert: () => load(basis),
  };
}

export type LayoutEditorState = ReturnType<typeof useLayoutEditor>;
