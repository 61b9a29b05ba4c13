/** What the feed can be filtered by, as the service names it (GET /audit `resource`). */
export const ACTIVITY_RESOURCES = {
  app: 'Apps',
  consent: 'Consent',
  notification: 'Notifications',
  site_settings: 'Site settings',
  member: 'Members',
} as const;
export type ActivityResource = keyof typeof ACTIVITY_RESOURCES;

export function isActivityResource(value: string | null | undefined): value is ActivityResource {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_RESOURCES, value);
}
