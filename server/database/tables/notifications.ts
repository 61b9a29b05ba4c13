// The notifications wing's tables (server/notifications/): the templates and their translations
// (issue 28, migration 012, decision 045), layouts and snippets (issue 38, migration 020, decision
// 062) and the test inbox (issue 39, migration 021, decision 063).
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: string;
  site_id: string;
  slug: string;
  name: string;
  description: string;
  subject: string;
  text: string;
  html: string;
  html_enabled: number;
  created_at: string;
  updated_at: string;
  version: number;
  /** The slug of the site's layout it is rendered in (migration 020), or null. */
  layout: Generated<string | null>;
}

export interface NotificationTranslationsTable {
  notification_id: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** The default language's subject, text and html when the translation was last saved. */
  based_on_subject: string;
  based_on_text: string;
  based_on_html: string;
  updated_at: string;
}

export interface LayoutsTable {
  id: string;
  site_id: string;
  slug: string;
  name: string;
  html: string;
  text: string;
  /** JSON: locale → `{ html, text, updated_at }` (store/layouts.ts). */
  translations: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface SnippetsTable {
  id: string;
  site_id: string;
  name: string;
  body: string;
  /** JSON: locale → `{ body, updated_at }` (store/snippets.ts). */
  translations: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface TestInboxTable {
  id: Generated<number>;
  site_id: string;
  notification_slug: string;
  /** The translation sent; null: the default language. */
  locale: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  text_part: string;
  /** Null: a text-only mail. */
  html_part: string | null;
  /** The whole message (headers and MIME parts). */
  raw: string;
  /** Bytes of `raw`. */
  size: number;
  /** JSON of the SpamVerdict; null when no spamd answered. */
  spam: string | null;
  received_at: string;
}
