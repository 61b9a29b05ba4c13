// The app form wired into the one resource editor: its values, the changed fields to send, the
// merge of its fields, and where the service's field errors land.
import { useRef } from 'react';
import { appResource } from '../../api/apps';
import type { ApiResponse } from '../../api/client';
import { APP_WRITABLE_FIELDS } from '../../../contract/schemas/app';
import type { App } from '../../../contract/wire/app';
import { useResourceEditor } from '../../components/resource-editor/use-resource-editor';
import { appFormResolver, appToFormValues, changedFields } from './app-form-values';
import { appConflictMerge } from './conflict-merge';

export function useAppEditor(loaded: ApiResponse<App>) {
  const callbackPreview = useRef<HTMLTextAreaElement | null>(null);
  const editor = useResourceEditor({
    loaded,
    resource: appResource,
    toValues: appToFormValues,
    changes: changedFields,
    merge: appConflictMerge,
    resolver: appFormResolver,
    mode: 'onTouched',
    follow: 'pristine',
    errorFields: () => APP_WRITABLE_FIELDS,
    // An internal app's callback URL is a read-only preview the form does not register, so the
    // error helper cannot focus it.
    onFieldErrors: (fields, values) => {
      if (fields[0] === 'callback_url' && values.internal) callbackPreview.current?.focus();
    },
    text: { noun: 'this app', saved: 'App saved', conflictTitle: 'Someone else saved this app' },
  });
  return { ...editor, callbackPreview };
}
