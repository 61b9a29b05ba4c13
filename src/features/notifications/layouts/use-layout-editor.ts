// The layout's editor state (issue 38): the values per locale against what the service sent, the
// draft kept in the browser, and the save — refused before the review when an html lost its
// `{{ content }}`, then the impact review (every e-mail it changes), then the PUT with If-Match.
// The service's errors land on their field; unsaved work survives errors and conflicts: a 412
// merges the edits onto their version with the template editor's merge (layout-conflict.ts),
// asking in the conflict dialog only about a text both changed.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError, type ApiResponse } from '../../../api/client';
import { keySite } from '../../../api/key-site';
import { fetchImpact, fetchLayout, layoutKeys, saveLayout } from '../../../api/layouts';
import type { Impact, Layout } from '../../../../contract/schemas/layout';
import type {
  ConflictDialogField,
  ConflictDialogProps,
} from '../../../components/resource-editor/conflict-dialog';
import { toast } from '../../../components/ui/toast';
import type { ConflictChoice } from '../../../lib/three-way-merge';
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
import { layoutConflictMerge } from './layout-conflict';
import { useLayoutDraft } from './use-layout-draft';

/** The samples the impact renders each notification with: its first default sample. */
function samplesFor(slugs: readonly string[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(slugs.map((slug) => [slug, defaultSamplesFor(slug)[0]?.data ?? {}]));
}

interface PendingConflict {
  latest: ApiResponse<Layout>;
  yours: LayoutValues;
  fields: ConflictDialogField[];
}

const MERGED = 'Merged with the version saved elsewhere; review and save.';

export function useLayoutEditor(saved: ApiResponse<Layout>) {
  const queryClient = useQueryClient();
  const [site] = useState(currentSite);
  // After a 412, their version is what the edits are based on (and the If-Match of the next save).
  const [rebased, setRebased] = useState<ApiResponse<Layout> | null>(null);
  const current = rebased ?? saved;
  const layout = current.data;
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
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

  /** Their version becomes the basis, and `next` the edits on it. */
  const rebase = (latest: ApiResponse<Layout>, next: LayoutValues, message: string | null) => {
    setRebased(latest);
    load(next);
    setMessage(message);
  };

  const startConflict = async (yours: LayoutValues) => {
    let latest: ApiResponse<Layout>;
    try {
      latest = await fetchLayout(layout.slug);
    } catch (error) {
      setMessage(
        `Someone else saved this layout, and loading their version failed: ${error instanceof Error ? error.message : String(error)}. Your edits are kept.`,
      );
      return;
    }
    const theirs = layoutValuesOf(latest.data);
    const fields = layoutConflictMerge.conflicts(basis, theirs, yours);
    if (fields.length > 0) setConflict({ latest, yours, fields });
    else rebase(latest, layoutConflictMerge.merge(basis, theirs, yours, {}), MERGED);
  };

  const resolve = (choices: Readonly<Record<string, ConflictChoice>> | 'theirs') => {
    if (!conflict) return;
    setConflict(null);
    const theirs = layoutValuesOf(conflict.latest.data);
    if (choices === 'theirs') rebase(conflict.latest, theirs, null);
    else
      rebase(
        conflict.latest,
        layoutConflictMerge.merge(basis, theirs, conflict.yours, choices),
        MERGED,
      );
  };

  const fail = async (error: unknown) => {
    setImpact(null);
    if (isApiError(error) && error.status === 412) {
      await startConflict(values);
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
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await saveLayout(layout.slug, layoutChanges(basis, values), current.etag);
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
      await fail(error);
    } finally {
      setBusy(false);
    }
  };

  const conflictDialog: ConflictDialogProps = {
    open: conflict !== null,
    title: 'Someone else saved this layout',
    version: conflict?.latest.etag,
    fields: conflict?.fields ?? [],
    saving: busy,
    onKeepTheirs: () => resolve('theirs'),
    onOverwrite: () => resolve({}),
    onMerge: resolve,
    onCancel: () => setConflict(null),
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
    conflictDialog,
    cancelReview: () => setImpact(null),
    restoreDraft: () => {
      if (draft.offered) load(draft.offered.values);
      draft.dismissOffer();
    },
    revert: () => load(basis),
  };
}

export type LayoutEditorState = ReturnType<typeof useLayoutEditor>;
