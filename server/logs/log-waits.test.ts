import { describe, expect, it } from 'vitest';
import type { LogPage } from '../store/app-logs';
import type { LogFilter } from '../store/app-logs-filter';
import { InProcessLogNotifier } from './log-notifier';
import { LogTailWaits } from './log-waits';

/** A store of one app's entry times: the page is every time at or after `sinceUs`. */
function fakeStore() {
  const times: number[] = [100];
  let queries = 0;
  const query = (_appId: number, filter: LogFilter): Promise<LogPage> => {
    queries += 1;
    const page = times.filter((time) => time >= (filter.sinceUs ?? 0));
    const newestUs = page[page.length - 1] ?? null;
    return Promise.resolve({ json: JSON.stringify(page), count: page.length, newestUs });
  };
  return { times, query, queries: () => queries };
}

const filter = { sinceUs: 100, limit: 100 };

describe('LogTailWaits', () => {
  it('wakes a thousand waiters on one cursor with one query per commit', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const never = new AbortController().signal;
    const pages = Array.from({ length: 1000 }, () => waits.page(1, filter, 30_000, never));
    await expect.poll(() => store.queries()).toBe(1);
    expect(waits.stats()).toMatchObject({ waiting: 1000, groups: 1, apps: 1 });
    expect(notifier.listenerCount()).toBe(1);
    store.times.push(101);
    notifier.notify(1);
    const answers = await Promise.all(pages);
    expect(new Set(answers.map((page) => page.json))).toEqual(new Set(['[100,101]']));
    expect(store.queries()).toBe(2);
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });

  it('queries once more when commits arrive during a query, and not once per commit', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const page = waits.page(1, filter, 30_000, new AbortController().signal);
    for (let i = 0; i < 10; i += 1) notifier.notify(1); // during the first query
    await expect.poll(() => store.queries()).toBe(2);
    store.times.push(105);
    notifier.notify(1);
    expect((await page).newestUs).toBe(105);
    expect(store.queries()).toBe(3);
  });

  it('answers every waiter at close and later ones at once', async () => {
    const notifier = new InProcessLogNotifier();
    const store = fakeStore();
    const waits = new LogTailWaits(notifier, store.query);
    const signal = new AbortController().signal;
    const page = waits.page(1, filter, 30_000, signal);
    waits.close();
    expect((await page).json).toBe('[100]');
    expect((await waits.page(1, filter, 30_000, signal)).json).toBe('[100]');
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });

  it('passes a failed query on to every waiter and leaves nothing behind', async () => {
    const notifier = new InProcessLogNotifier();
    const waits = new LogTailWaits(notifier, () => Promise.reject(new Error('disk')));
    const signal = new AbortController().signal;
    await expect(waits.page(1, filter, 30_000, signal)).rejects.toThrow('disk');
    expect(waits.stats()).toMatchObject({ waiting: 0, groups: 0, apps: 0 });
    expect(notifier.listenerCount()).toBe(0);
  });
});
