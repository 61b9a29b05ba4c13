// The one way to edit a resource that has an ETag: load → edit → save the changed fields with
// If-Match → on a 412, load theirs, three-way merge, ask only about fields both sides changed.
// Also the unsaved-changes guard and Ctrl/Cmd+S. Each editor passes its resource's API adapter,
// how form values are made from the resource and which changes to send, and its texts.
//
// "Changed fields only" is computed against `basis.values`: the form values made from what the
// server sent. A field the server never sent maps to its empty form value, so it is sent back
// only if the admin fills it in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { isApiError, type ApiResponse } from '../../api/client';
import { keySite } from '../../api/key-site';
import type { VersionedResource } from '../../api/versioned-resource';
import type { ConflictDialogField, ConflictDialogProps } from './conflict-dialog';
import { toast } from '../ui/toast';
import { applyServerErrors } from '../../lib/form-errors';
import { announceSaved } from '../../lib/tab-broadcast';
import type { ConflictChoice } from '../../lib/three-way-merge';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

/** A resource's fields wired into the shared three-way merge and the conflict dialog. */
export interface ConflictMerge<V> {
  /** Fields both sides changed (against base) to different values, as the dialog shows them. */
  conflicts: (base: V, theirs: V, yours: V) => ConflictDialogField[];
  /** Theirs with yours applied; `choices` (by dialog field id) settle the conflicts. */
  merge: (base: V, theirs: V, yours: V, choices: Readonly<Record<string, ConflictChoice>>) => V;
}

/** A check the schema cannot make; it stops the save with a message on a field or the form. */
export interface SaveBlocker<V extends FieldValues> {
  field?: Path<V>;
  message: string;
}

export interface ResourceEditorOptions<R, V extends FieldValues, U extends object> {
  loaded: ApiResponse<R>;
  resource: VersionedResource<R, U>;
  toValues: (resource: R) => V;
  /** The update body: only what differs from `basis`. An empty object means nothing to save. */
  changes: (basis: V, values: V) => U;
  merge: ConflictMerge<V>;
  /** The form's checks, given the basis values (e.g. to check only the fields that will be sent). */
  resolver: (basis: V) => Resolver<V>;
  mode: Mode;
  /**
   * `pristine`: a newer version in the cache (refetch, another tab) becomes the basis while
   * nothing is edited. `on-request`: it is offered as `newer` and taken by `loadNewer()`.
   * With edits pending the basis never moves by itself, so If-Match stays honest.
   */
  follow: 'pristine' | 'on-request';
  /** Saves wait in `review` until `confirmReview()`; a merge after a 412 is reviewed too. */
  review?: boolean;
  /** Checks beyond the schema, run before a save. */
  blockSave?: (values: V) => SaveBlocker<V> | null;
  /** Form paths the service's field errors may land on. */
  errorFields: (values: V) => readonly string[];
  /** Rewrites the service's field names into form paths before they are applied. */
  toFormError?: (error: unknown, values: V) => unknown;
  /** After field errors landed (e.g. focus a field the form does not register). */
  onFieldErrors?: (fields: readonly string[], values: V) => void;
  /** The form is back on a saved version: saved, their version kept, or edits discarded. */
  onSavedOrDiscarded?: () => void;
  /**
   * The form was given values from outside the admin's typing (`reason` says why). An editor
   * that owns a field's document (a code editor) takes them from here as a command of its own;
   * its own changes reach the form through the field's onChange, never the other way.
   */
  onReset?: (values: V, reason: ResetReason) => void;
  text: {
    /** In sentences: "this app", "the privacy policy". */
    noun: string;
    saved: string;
    conflictTitle: string;
  };
}

/** Why the form's values were replaced: a discard, a merge after a 412, another version taken. */
export type ResetReason = 'revert' | 'merge' | 'saved' | 'theirs' | 'newer' | 'unchanged';

/** What the edits are based on: the version as the server sent it, its ETag and its values. */
export interface Basis<R, V> {
  response: ApiResponse<R>;
  values: V;
}

interface PendingConflict<R, V> {
  latest: ApiResponse<R>;
  base: V;
  yours: V;
  fields: ConflictDialogField[];
}

const MERGED_FOR_REVIEW = 'Merged with the version saved elsewhere; review and save.';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A failure of the server or of the way to it, not of what the admin wrote. */
function isServerFault(error: unknown): boolean {
  return !isApiError(error) || error.kind !== 'http' || error.status >= 500;
}

function isEmpty(changes: object): boolean {
  return Object.keys(changes).length === 0;
}

export function useResourceEditor<R, V extends FieldValues, U extends object>(
  options: ResourceEditorOptions<R, V, U>,
) {
  const { loaded, resource, toValues, changes, merge, text } = options;
  const queryClient = useQueryClient();
  const toBasis = (response: ApiResponse<R>): Basis<R, V> => ({
    response,
    values: toValues(response.data),
  });
  const [basis, setBasis] = useState<Basis<R, V>>(() => toBasis(loaded));
  const [formMessage, setFormMessage] = useState<string | null>(null);
  /** Whether the last save failed where trying again may help (the server, the network). */
  const [retryable, setRetryable] = useState(false);
  /** The "saved" toast of the last save, taken away by the next edit or a later save's failure. */
  const [savedToast, setSavedToast] = useState<number | null>(null);
  const [conflict, setConflict] = useState<PendingConflict<R, V> | null>(null);
  const [review, setReview] = useState<V | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  const form = useForm<V>({
    // The values the form starts from are the basis values; rhf types them as deep-partial.
    defaultValues: basis.values as DefaultValues<V>,
    resolver: options.resolver(basis.values),
    mode: options.mode,
  });
  // With defaultValues given, the watched object always has every field (rhf types it partial).
  const values = useWatch({ control: form.control }) as V;
  const dirty = !isEmpty(changes(basis.values, values));
  const { mutateAsync } = useMutation({ mutationFn: resource.save });

  const isNewer =
    loaded.etag !== basis.response.etag ||
    (loaded.etag === null && loaded.data !== basis.response.data);
  const followNow = options.follow === 'pristine' && isNewer && !dirty && conflict === null;
  const onReset = useRef(options.onReset);
  useEffect(() => {
    onReset.current = options.onReset;
  });
  const resetForm = useCallback(
    (values: V, reason: ResetReason) => {
      form.reset(values);
      onReset.current?.(values, reason);
    },
    [form],
  );
  useEffect(() => {
    if (!followNow || busy.current) return;
    const next = { response: loaded, values: toValues(loaded.data) };
    setBasis(next);
    resetForm(next.values, 'newer');
  }, [followNow, loaded, toValues, resetForm]);

  function rebase(next: Basis<R, V>, reason: ResetReason, formValues: V = next.values) {
    setBasis(next);
    resetForm(formValues, reason);
  }

  function showMessage(message: string | null, canRetry = false) {
    setFormMessage(message);
    setRetryable(canRetry);
  }

  function backToSaved(next: Basis<R, V>, reason: ResetReason) {
    rebase(next, reason);
    showMessage(null);
    options.onSavedOrDiscarded?.();
  }

  async function persist(target: V, on: Basis<R, V>): Promise<void> {
    const body = changes(on.values, target);
    if (isEmpty(body)) {
      // Only whitespace (or an order that does not count) changed: show the saved values again.
      setReview(null);
      resetForm(on.values, 'unchanged');
      return;
    }
    showMessage(null);
    try {
      const saved = await mutateAsync({
        current: on.response.data,
        changes: body,
        etag: on.response.etag,
      });
      setReview(null);
      resource.storeSaved(queryClient, saved);
      // The other tabs refetch: an unchanged form there follows, a changed one is told.
      announceSaved(keySite());
      backToSaved(toBasis(saved), 'saved');
      setSavedToast(toast.success(text.saved));
    } catch (error) {
      setReview(null);
      if (savedToast !== null) toast.dismiss(savedToast);
      if (isApiError(error) && error.isConflict) {
        await startConflict(target, on);
        return;
      }
      const mapped = options.toFormError ? options.toFormError(error, target) : error;
      const applied = applyServerErrors(mapped, form.setError, options.errorFields(target));
      if (isServerFault(error)) {
        showMessage(`Nothing was saved; your edits are kept. ${applied.formMessage ?? ''}`, true);
      } else {
        showMessage(applied.formMessage ?? null);
      }
      options.onFieldErrors?.(applied.fields, target);
    }
  }

  async function startConflict(yours: V, on: Basis<R, V>): Promise<void> {
    let latest: ApiResponse<R>;
    try {
      latest = await resource.fetchLatest(queryClient, on.response.data);
    } catch (error) {
      showMessage(
        `Someone else changed ${text.noun}, and loading their version failed: ${messageOf(error)}`,
        isServerFault(error),
      );
      return;
    }
    const theirs = toValues(latest.data);
    const fields = merge.conflicts(on.values, theirs, yours);
    if (fields.length > 0) {
      setConflict({ latest, base: on.values, yours, fields });
      return;
    }
    if (!options.review) {
      toast.info(`Someone else saved ${text.noun} meanwhile`, {
        description: 'They changed other fields; your changes were applied on top of theirs.',
      });
    }
    await applyMerge(toBasis(latest), merge.merge(on.values, theirs, yours, {}));
  }

  /** Their version becomes the basis and the merge the edit: reviewed, or saved at once. */
  async function applyMerge(theirs: Basis<R, V>, merged: V): Promise<void> {
    rebase(theirs, 'merge', merged);
    if (options.review) {
      showMessage(MERGED_FOR_REVIEW);
      setReview(merged);
      return;
    }
    await persist(merged, theirs);
  }

  /** Runs one save at a time: a second Ctrl+S or click while saving does nothing. */
  async function runExclusive(task: () => Promise<void>): Promise<void> {
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

  const validateAndSave = form.handleSubmit((parsed) => {
    const blocker = options.blockSave?.(parsed);
    if (blocker) {
      if (blocker.field) form.setError(blocker.field, { message: blocker.message });
      else showMessage(blocker.message);
      return;
    }
    if (isEmpty(changes(basis.values, parsed))) {
      resetForm(basis.values, 'unchanged');
      toast.info('Nothing to save');
      return;
    }
    if (options.review) {
      setReview(parsed);
      return;
    }
    return runExclusive(() => persist(parsed, basis));
  });

  function submit(event?: BaseSyntheticEvent): Promise<void> {
    showMessage(null);
    return validateAndSave(event);
  }

  function resolveConflict(choice: 'theirs' | 'yours' | Readonly<Record<string, ConflictChoice>>) {
    if (!conflict) return;
    setConflict(null);
    const { latest, base, yours } = conflict;
    const theirs = toBasis(latest);
    if (choice === 'theirs') {
      backToSaved(theirs, 'theirs');
      return;
    }
    const merged = merge.merge(base, theirs.values, yours, choice === 'yours' ? {} : choice);
    void runExclusive(() => applyMerge(theirs, merged));
  }

  // Out of date once the admin changes something again, and it sits over the form's Save (the
  // toasts' corner): it goes with the first new edit.
  useEffect(() => {
    if (dirty && savedToast !== null) toast.dismiss(savedToast);
  }, [dirty, savedToast]);

  useUnsavedChanges(dirty);
  useSaveShortcut(() => void submit(), { enabled: !saving && conflict === null });

  const conflictDialog: ConflictDialogProps = {
    open: conflict !== null,
    title: text.conflictTitle,
    version: conflict?.latest.etag,
    fields: conflict?.fields ?? [],
    saving,
    onKeepTheirs: () => resolveConflict('theirs'),
    onOverwrite: () => resolveConflict('yours'),
    onMerge: resolveConflict,
    onCancel: () => setConflict(null),
  };

  return {
    form,
    /** The form's current values. */
    values,
    basis,
    dirty,
    saving,
    formMessage,
    /** Saves again after a failure that was not the admin's (offered only then). */
    retry: retryable ? () => void submit() : undefined,
    /** Validates, runs the checks, then saves (or opens the review). */
    submit,
    /** Drops the edits: the form shows the basis again. */
    discard: () => backToSaved(basis, 'revert'),
    conflictDialog,
    /** The values waiting for the admin's review before they are saved. */
    review,
    confirmReview: () => {
      if (review) void runExclusive(() => persist(review, basis));
    },
    cancelReview: () => setReview(null),
    /**
     * With `follow: 'pristine'`: a newer version arrived while the form has edits. The edits
     * stay; saving them meets the 412 and the merge dialog.
     */
    changedElsewhere: isNewer && dirty && options.follow === 'pristine',
    /** A newer version than the basis, saved elsewhere (with `follow: 'on-request'`). */
    newer: isNewer && options.follow === 'on-request' ? loaded : null,
    loadNewer: () => rebase(toBasis(loaded), 'newer'),
  };
}
