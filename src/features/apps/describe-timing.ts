import cronstrue from 'cronstrue';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const MACROS: Record<string, string> = {
  '@yearly': 'every year on 1 January at 00:00',
  '@annually': 'every year on 1 January at 00:00',
  '@monthly': 'every month on day 1 at 00:00',
  '@weekly': 'every Sunday at 00:00',
  '@daily': 'every day at 00:00',
  '@midnight': 'every day at 00:00',
  '@hourly': 'every hour, on the hour',
};

const NUMBER = /^\d{1,2}$/;
const pad = (value: string) => value.padStart(2, '0');

function dayName(value: string): string | null {
  if (!NUMBER.test(value)) return null;
  return DAY_NAMES[Number(value) % 7] ?? null;
}

/** The common shapes, in the words an admin would use. */
function describeCommon(fields: string[]): string | null {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (month !== '*') return null;
  const everyDay = dayOfMonth === '*' && dayOfWeek === '*';

  if (everyDay && hour === '*') {
    if (minute === '*') return 'every minute';
    const step = /^\*\/(\d+)$/.exec(minute);
    if (step) return step[1] === '1' ? 'every minute' : `every ${step[1]} minutes`;
    if (minute === '0') return 'every hour, on the hour';
    if (NUMBER.test(minute)) return `every hour at ${pad(minute)} past`;
    return null;
  }
  if (!NUMBER.test(minute)) return null;
  const hourStep = /^\*\/(\d+)$/.exec(hour);
  if (everyDay && hourStep) {
    const every = hourStep[1] === '1' ? 'every hour' : `every ${hourStep[1]} hours`;
    return minute === '0' ? `${every}, on the hour` : `${every} at ${pad(minute)} past`;
  }
  if (!NUMBER.test(hour)) return null;
  const at = `at ${pad(hour)}:${pad(minute)}`;
  if (everyDay) return `every day ${at}`;
  if (dayOfMonth === '*') {
    if (dayOfWeek === '1-5') return `every weekday (Monday to Friday) ${at}`;
    if (dayOfWeek === '0,6' || dayOfWeek === '6,0') return `every Saturday and Sunday ${at}`;
    const day = dayName(dayOfWeek);
    return day ? `every ${day} ${at}` : null;
  }
  if (dayOfWeek === '*' && NUMBER.test(dayOfMonth)) return `every month on day ${dayOfMonth} ${at}`;
  return null;
}

/**
 * A schedule timing in plain words: `0 3 * * *` → "every day at 03:00", `*\/15 * * * *` →
 * "every 15 minutes". Returns null when the timing is not a cron expression, so the caller shows
 * it as written.
 */
export function describeTiming(timing: string): string | null {
  const trimmed = timing.trim();
  const macro = MACROS[trimmed.toLowerCase()];
  if (macro) return macro;
  const fields = trimmed.split(/\s+/);
  if (fields.length < 5 || fields.length > 7) return null;
  let full: string;
  try {
    full = cronstrue.toString(trimmed, {
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
      verbose: false,
    });
  } catch {
    return null;
  }
  return (fields.length === 5 && describeCommon(fields)) || full;
}
