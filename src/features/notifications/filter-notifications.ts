import type { Notification } from '../../../contract/wire/notification';
import { filterRows } from '../../lib/filter-rows';

/** Case-insensitive match on name, slug, description and subject; every word must match. */
export function filterNotifications(
  list: readonly Notification[],
  filter: string | undefined,
): Notification[] {
  return filterRows(list, filter, (n) => [n.name, n.slug, n.description, n.subject]);
}
