import type { Kysely, Migration } from 'kysely';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';

/**
 * Issue 41, decision 097: the built-in `log-alert` html put `{{ alert.url }}` into its href
 * unescaped, so the link's query (`?level=error&range=…`) stood there with raw `&` (HTML wants
 * `&amp;`; a reader mostly guesses right, a checker or a strict client does not). The template now
 * escapes it; each site's `log-alert` whose html is still, character for character, the built-in
 * one of migration 029 gets the new html (its version bumped, so an editor holding the old ETag is
 * refused). An html the site edited, even by one character, keeps its content; the text part has
 * no markup and is left alone.
 */
export const HTML_029 = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ alert.name }}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b">
  <h1 style="font-size:20px;margin:0 0 12px">{% if alert.state == "resolved" %}Resolved{% else %}Firing{% endif %}: {{ alert.name | escape }}</h1>
  <p style="margin:0 0 12px">{{ alert.count }} matching entries of {{ alert.app | escape }}{% if alert.counted_since_time %} (counted since {{ alert.counted_since_time }}; the minutes before were not read){% endif %} in the {{ alert.window_minutes }} minutes to {{ alert.window_end }} (the condition: {{ alert.op | escape }} {{ alert.threshold }}).</p>
  {% if alert.lines.size > 0 %}
  <table role="presentation" style="border-collapse:collapse;font-family:monospace;font-size:12px">
    {% for line in alert.lines %}
    <tr><td style="padding:2px 8px 2px 0;white-space:nowrap">{{ line.time }}</td><td style="padding:2px 8px 2px 0">{{ line.level }}</td><td style="padding:2px 0">{{ line.text | escape }}</td></tr>
    {% endfor %}
  </table>
  {% endif %}
  <p style="margin:16px 0 0"><a href="{{ alert.url }}" style="color:#2563eb">Open the logs</a></p>
</body>
</html>
`;

export const logAlertHrefEscapedMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db
      .updateTable('notifications')
      .set((eb) => ({
        html: LOG_ALERT_TEMPLATE.html,
        updated_at: new Date().toISOString(),
        version: eb('version', '+', 1),
      }))
      .where('slug', '=', LOG_ALERT_TEMPLATE.slug)
      .where('html', '=', HTML_029)
      .execute();
  },
};
