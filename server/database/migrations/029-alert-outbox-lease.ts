import type { Kysely, Migration } from 'kysely';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { HTML_029 } from './030-log-alert-href-escaped';

/**
 * Issue 41, decision 093.
 *
 * - `alert_outbox.lease_until` (ISO time, null: not claimed): an outbox row is claimed before it
 *   is sent, by the one sender whose conditional update won it; no other sender takes the row
 *   before the lease passes. A sender that dies after claiming (mid-send) leaves a lease that
 *   runs out, and the successor completes the row once.
 * - The built-in `log-alert` template says "counted since HH:MM" when the count was partial
 *   (decision 087): each site's `log-alert` whose text or html is still the one migration 027
 *   wrote gets the new one (its version bumped, so an editor holding the old ETag is refused);
 *   a template the site edited keeps its content.
 */
export const TEXT_027 = `{% if alert.state == "resolved" %}Resolved{% else %}Firing{% endif %}: {{ alert.name }} on {{ alert.app }}

{{ alert.count }} matching entries in the {{ alert.window_minutes }} minutes to {{ alert.window_end }} (the condition: {{ alert.op }} {{ alert.threshold }}).
{% if alert.lines.size > 0 %}
The newest matching lines:
{% for line in alert.lines %}{{ line.time }} {{ line.level }} {{ line.text }}
{% endfor %}{% endif %}
Open the logs: {{ alert.url }}
`;

export const HTML_027 = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ alert.name }}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b">
  <h1 style="font-size:20px;margin:0 0 12px">{% if alert.state == "resolved" %}Resolved{% else %}Firing{% endif %}: {{ alert.name | escape }}</h1>
  <p style="margin:0 0 12px">{{ alert.count }} matching entries of {{ alert.app | escape }} in the {{ alert.window_minutes }} minutes to {{ alert.window_end }} (the condition: {{ alert.op | escape }} {{ alert.threshold }}).</p>
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

export const alertOutboxLeaseMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('alert_outbox').addColumn('lease_until', 'text').execute();
    const now = new Date().toISOString();
    for (const [column, before, after] of [
      ['text', TEXT_027, LOG_ALERT_TEMPLATE.text],
      // The html as this migration wrote it; 030 escapes its href (decision 097).
      ['html', HTML_027, HTML_029],
    ] as const) {
      await db
        .updateTable('notifications')
        .set((eb) => ({ [column]: after, updated_at: now, version: eb('version', '+', 1) }))
        .where('slug', '=', LOG_ALERT_TEMPLATE.slug)
        .where(column, '=', before)
        .execute();
    }
  },
};
