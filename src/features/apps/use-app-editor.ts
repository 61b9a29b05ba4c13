// The edit form's behaviour, apart from its markup: what the form is based on (values + ETag),
// saving only the changed fields with If-Match, field errors from a 422, and the 412 conflict
// flow (fetch theirs, three-way merge, ask only about fields both sides changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { fetchLatestApp, storeSavedApp, updateApp } from '../../api/apps';
import { isApiError, type ApiResponse } from '../../api/client';
import { APP_WRITABLE_FIELDS } from '../../api/schemas/app';
import type { App } from '../../api/wire/app';
import { toast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/form-errors';
import {
  appToFormValues,
  appFormResolver,
  changedFields,
  hasChanges,
  type AppFormField,
  type AppFormValues,
} from './app-form-values';
import type { ConflictChoice } from '../../lib/three-way-merge';
import { findConflicts, mergeValues, type AppConflict } from './conflict-merge';

/** What the form's edits are based on: the app as loaded or last saved, and its ETag. */
interface Basis {
  app: App;
  values: AppFormValues;
  etag: string | null;
}

export interface PendingConflict {
  latest: ApiResponse<App>;
  base: AppFormValues;
  yours: AppFormValues;
  conflicts: AppConflict[];
}

const toBasis = ({ data, etag }: ApiResponse<App>): Basis => ({
  app: data,
  values: appToFormValues(data),
  etag,
});

export function useAppEditor(loaded: ApiResponse<App>) {
  const queryClient = useQueryClient();
  const [basis, setBasis] = useState<Basis>(() => toBasis(loaded));
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const busy = useRef(false);
  const callbackPreview = useRef<HTMLTextAreaElement | null>(null);
  const [saving, setSaving] = useState(false);

  const form = useForm<AppFormValues>({
    resolver: appFormResolver(basis.values),
    defaultValues: basis.values,
    mode: 'onTouched',
  });
  // With defaultValues given, the watched object always has every field.
  const values = useWatch({ control: form.control }) as AppFormValues;
  const dirty = hasChanges(basis.values, values);

  // A newer copy arrived in the cache (refetch on focus, another tab's save seen through the
  // list): take it as the new basis while nothing is edited. With edits pending, keep the old
  // basis so the save is checked against what the admin actually saw (If-Match → 412).
  const isNewer = loaded.etag !== basis.etag || loaded.data.updated_at !== basis.app.updated_at;
  useEffect(() => {
    if (!isNewer || dirty || busy.current) return;
    const next = toBasis(loaded);
    setBasis(next);
    form.reset(next.values);
  }, [loaded, isNewer, dirty, form]);

  const { mutateAsync } = useMutation({ mutationFn: updateApp });

  async function persist(target: AppFormValues, on: Basis): Promise<void> {
    const changes = changedFields(on.values, target);
    if (Object.keys(changes).length === 0) {
      // Only whitespace or scope order changed: nothing to send, show the saved values again.
      form.reset(on.values);
      return;
    }
    setFormMessage(null);
    try {
      const saved = await mutateAsync({ key: on.app.key, changes, etag: on.etag });
      storeSavedApp(queryClient, saved);
      const next = toBasis(saved);
      setBasis(next);
      form.reset(next.values);
      toast.success('App saved');
    } catch (error) {
      if (isApiError(error) && error.isConflict) {
        await startConflict(target, on);
        return;
      }
      const { formMessage: message, fields } = applyServerErrors(
        error,
        form.setError,
        APP_WRITABLE_FIELDS,
      );
      if (message) setFormMessage(message);
      // An internal app's callback URL is a read-only preview the form does not register, so
      // the helper cannot focus it; do it here.
      if (fields[0] === 'callback_url' && target.internal) callbackPreview.current?.focus();
    }
  }

  async function startConflict(yours: AppFormValues, on: Basis) {
    let latest: ApiResponse<App>;
    try {
      latest = await fetchLatestApp(queryClient, on.app.key);
    } catch (error) {
      setFormMessage(
        `Someone else changed this app, and loading their version failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      return;
    }
    const theirs = appToFormValues(latest.data);
    const conflicts = findConflicts(on.values, theirs, yours);
    if (conflicts.length === 0) {
      // They changed only fields the admin left alone: apply the admin's edits on top.
      toast.info('Someone else saved this app meanwhile', {
        description: 'They changed other fields; your changes were applied on top of theirs.',
      });
      await rebaseAndSave(latest, mergeValues(on.values, theirs, yours));
      return;
    }
    setConflict({ latest, base: on.values, yours, conflicts });
  }

  async function rebaseAndSave(latest: ApiResponse<App>, target: AppFormValues) {
    const next = toBasis(latest);
    setBasis(next);
    form.reset(target);
    await persist(target, next);
  }

  /** Runs one save at a time: a second Ctrl+S or click while saving does nothing. */
  async function runExclusive(task: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const submit = form.handleSubmit((parsed) => runExclusive(() => persist(parsed, basis)));

  function resolveConflict(choice: 'theirs' | 'yours' | Partial<Record<string, ConflictChoice>>) {
    if (!conflict) return;
    setConflict(null);
    const { latest, base, yours } = conflict;
    if (choice === 'theirs') {
      const next = toBasis(latest);
      setBasis(next);
      form.reset(next.values);
      return;
    }
    const merged = mergeValues(
      base,
      appToFormValues(latest.data),
      yours,
      choice === 'yours' ? {} : (choice as Partial<Record<AppFormField, ConflictChoice>>),
    );
    void runExclusive(() => rebaseAndSave(latest, merged));
  }

  function discard() {
    setFormMessage(null);
    form.reset(basis.values);
  }

  return {
    form,
    values,
    basis,
    callbackPreview,
    dirty,
    saving,
    formMessage,
    conflict,
    submit,
    discard,
    keepTheirs: () => resolveConflict('theirs'),
    overwrite: () => resolveConflict('yours'),
    merge: (choice: Partial<Record<string, ConflictChoice>>) => resolveConflict(choice),
    cancelConflict: () => setConflict(null),
  };
}
