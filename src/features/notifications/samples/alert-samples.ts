import type { NamedSample } from './sample-types';

/** What an alert's e-mail (`log-alert`, issue 41) renders with: contract/log-alert-template.ts. */
function alertSample(
  state: 'firing' | 'resolved',
  count: number,
  countedSince: string | null,
): Record<string, unknown> {
  return {
    alert: {
      type: `alert.${state}`,
      state,
      from: state === 'firing' ? 'ok' : 'firing',
      to: state === 'firing' ? 'firing' : 'ok',
      id: 7,
      site: 'demo',
      name: 'Checkout errors',
      app: 'storefront',
      op: '>',
      threshold: 5,
      window_minutes: 5,
      count,
      window_start: '2026-11-29T09:55:00.000Z',
      window_end: '2026-11-29T10:00:00.000Z',
      // A partial count (decision 087) says from when it counted; a whole one leaves both out.
      ...(countedSince === null
        ? { counted_since_time: null }
        : {
            counted_since: `2026-11-29T${countedSince}:00.000Z`,
            counted_since_time: `${countedSince} UTC`,
          }),
      lines:
        state === 'firing'
          ? [
              {
                time: '2026-11-29T09:59:58.120Z',
                level: 'error',
                text: 'payment provider timeout after 30 s',
              },
              {
                time: '2026-11-29T09:59:41.004Z',
                level: 'error',
                text: 'payment provider timeout after 30 s',
              },
              { time: '2026-11-29T09:58:12.777Z', level: 'error', text: 'POST /checkout 502' },
            ]
          : [],
      url: 'https://console.example.com/apps/storefront/logs?level=error&range=custom&since=1795859700&before=1795860000',
    },
  };
}

export const logAlertSamples: NamedSample[] = [
  { name: 'Firing', data: alertSample('firing', 12, null) },
  { name: 'Firing, counted since 09:57', data: alertSample('firing', 9, '09:57') },
  { name: 'Resolved', data: alertSample('resolved', 0, null) },
];
