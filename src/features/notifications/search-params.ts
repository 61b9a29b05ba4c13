import * as z from 'zod/mini';
import { searchText } from '../../lib/search-serialization';

/** URL search parameters of `/notifications`. */
export const notificationsListSearchSchema = z.object({
  filter: searchText,
});
export type NotificationsListSearch = z.infer<typeof notificationsListSearchSchema>;

/** URL search parameters of `/notifications/$slug`: the language shown (issue 28). */
export const notificationEditorSearchSchema = z.object({
  locale: searchText,
});
export type NotificationEditorSearch = z.infer<typeof notificationEditorSearchSchema>;

/**
 * URL search parameters of `/notifications/layouts/$slug`: the language shown, and the template
 * whose "Edit layout" opened it (its page offers the way back there).
 */
export const layoutEditorSearchSchema = z.object({
  locale: searchText,
  from: searchText,
});
export type LayoutEditorSearch = z.infer<typeof layoutEditorSearchSchema>;
