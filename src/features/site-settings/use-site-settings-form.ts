// The Site settings form wired into the one resource editor (ETag, If-Match, 412 merge, drafts
// guard, Ctrl/Cmd+S); the service's `locales.<i>` errors land on that language's row.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiResponse } from '../../api/client';
import { keySite } from '../../api/key-site';
import { siteSettingsResource } from '../../api/site-settings';
import type { SiteSettings } from '../../../contract/wire/site-settings';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../api/notifications';
import { useResourceEditor } from '../../components/resource-editor/use-resource-editor';
import {
  settingsToFormValues,
  siteSettingsConflictMerge,
  siteSettingsFormSchema,
  toSiteSettingsUpdate,
  type SiteSettingsFormValues,
} from './site-settings-form-values';

const resolver = zodResolver(siteSettingsFormSchema);

function knownFields(values: SiteSettingsFormValues): string[] {
  return ['name', 'default_locale', 'locales', ...values.locales.map((_, i) => `locales.${i}`)];
}

export function useSiteSettingsForm(loaded: ApiResponse<SiteSettings>) {
  const queryClient = useQueryClient();
  return useResourceEditor({
    loaded,
    resource: siteSettingsResource,
    toValues: settingsToFormValues,
    changes: toSiteSettingsUpdate,
    merge: siteSettingsConflictMerge,
    resolver: () => resolver,
    mode: 'onBlur',
    follow: 'pristine',
    errorFields: knownFields,
    // Removing a language deleted its translations and moved those notifications on.
    onSavedOrDiscarded: () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all(keySite()) }),
    text: {
      noun: 'the site settings',
      saved: 'Site settings saved',
      conflictTitle: 'Someone else changed the site settings',
    },
  });
}

export type SiteSettingsFormController = ReturnType<typeof useSiteSettingsForm>;
