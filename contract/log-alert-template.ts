/**
 * The built-in notification template `log-alert` of every site (issue 41, decision 074): the
 * e-mail an alert sends when it fires or resolves. It is an ordinary template of the site
 * (editable, translatable, checked like any other); migration 027 adds it to the sites that
 * existed, `createSite` to new ones. Its variables (the sample in the editor follows them):
 * `alert.name`, `alert.app`, `alert.state` (`firing` | `resolved`), `alert.count`,
 * `alert.threshold`, `alert.op`, `alert.window_minutes`, `alert.window_start`,
 * `alert.window_end` (ISO times), `alert.counted_since` (ISO) and `alert.counted_since_time`
 * (`HH:MM UTC`) when the count was partial (decision 087; absent when whole), `alert.lines` (the five newest matching lines, each `time`,
 * `level`, `text` cut to 512 characters) and `alert.url` (the log viewer on that view and
 * time range; its query has `&`, so the html escapes it in the href, migration 030).
 */
export const LOG_ALERT_SLUG = 'log-alert';

export const LOG_ALERT_TEMPLATE = {
  slug: LOG_ALERT_SLUG,
  name: 'Log alert',
  description: 'Sent by an alert on the logs when it fires and when it resolves (built in).',
  subject:
    '{% if alert.state == "resolved" %}Resolved{% else %}Firing{% endif %}: {{ alert.name }} ({{ alert.count }} {{ alert.op }} {{ alert.threshold }})',
  text: `{% if alert.state == "resolved" %}Resolved{% else %}Firing{% endif %}: {{ alert.name }} on {{ alert.app }}

{{ alert.count }} matching entries{% if alert.counted_since_time %} (counted since {{ alert.counted_since_time }}; the minutes before were not read){% endif %} in the {{ alert.window_minutes }} minutes to {{ alert.window_end }} (the condition: {{ alert.op }} {{ alert.threshold }}).
{% if alert.lines.size > 0 %}
The newest matching lines:
{% for line in alert.lines %}{{ line.time }} {{ line.level }} {{ line.text }}
{% endfor %}{% endif %}
Open the logs: {{ alert.url }}
`,
  html: `<!doctype html>
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
  <p style="margin:16px 0 0"><a href="{{ alert.url | escape }}" style="color:#2563eb">Open the logs</a></p>
</body>
</html>
`,
  html_enabled: true,
} as const;
