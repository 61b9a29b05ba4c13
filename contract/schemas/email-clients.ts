/**
 * The e-mail clients a site can choose for the client-support check (issue 39): each names one
 * family and platform of caniemail.com's data (server/notifications/checks/caniemail-data.json,
 * scripts/caniemail-data.ts). The ids are ours and stable; a site's choice is
 * `email_clients` of `GET/PATCH /settings/site`.
 */
export const EMAIL_CLIENTS = [
  { id: 'gmail', name: 'Gmail (webmail)', family: 'gmail', platform: 'desktop-webmail' },
  { id: 'gmail-android', name: 'Gmail (Android)', family: 'gmail', platform: 'android' },
  { id: 'gmail-ios', name: 'Gmail (iOS)', family: 'gmail', platform: 'ios' },
  { id: 'outlook-windows', name: 'Outlook for Windows', family: 'outlook', platform: 'windows' },
  { id: 'outlook-com', name: 'Outlook.com', family: 'outlook', platform: 'outlook-com' },
  { id: 'outlook-macos', name: 'Outlook for Mac', family: 'outlook', platform: 'macos' },
  { id: 'outlook-ios', name: 'Outlook (iOS)', family: 'outlook', platform: 'ios' },
  { id: 'outlook-android', name: 'Outlook (Android)', family: 'outlook', platform: 'android' },
  { id: 'apple-mail-macos', name: 'Apple Mail (macOS)', family: 'apple-mail', platform: 'macos' },
  { id: 'apple-mail-ios', name: 'Apple Mail (iOS)', family: 'apple-mail', platform: 'ios' },
  { id: 'yahoo', name: 'Yahoo Mail (webmail)', family: 'yahoo', platform: 'desktop-webmail' },
  { id: 'aol', name: 'AOL (webmail)', family: 'aol', platform: 'desktop-webmail' },
  {
    id: 'samsung-email',
    name: 'Samsung Email (Android)',
    family: 'samsung-email',
    platform: 'android',
  },
  { id: 'thunderbird', name: 'Thunderbird', family: 'thunderbird', platform: 'macos' },
  {
    id: 'protonmail',
    name: 'Proton Mail (webmail)',
    family: 'protonmail',
    platform: 'desktop-webmail',
  },
  { id: 'fastmail', name: 'Fastmail (webmail)', family: 'fastmail', platform: 'desktop-webmail' },
] as const;

export type EmailClientId = (typeof EMAIL_CLIENTS)[number]['id'];

export const EMAIL_CLIENT_IDS = EMAIL_CLIENTS.map((client) => client.id) as [
  EmailClientId,
  ...EmailClientId[],
];

/** A new site's choice (and every site's before migration 024): the clients most mail opens in. */
export const DEFAULT_EMAIL_CLIENTS: readonly EmailClientId[] = [
  'gmail',
  'outlook-windows',
  'outlook-com',
  'apple-mail-macos',
  'apple-mail-ios',
  'yahoo',
];

export function emailClientName(id: string): string {
  return EMAIL_CLIENTS.find((client) => client.id === id)?.name ?? id;
}
