import type { Notification } from '../../api/schemas/notification';

/** Case-insensitive match on name, slug, description and subject; every word must match. */
export function filterNotifications(
  list: readonly Notification[],
  filter: string | undefined,
): Notification[] {
  const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((n) => {
    const haystack = `${n.name} ${n.slug} ${n.description} ${n.subject}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
