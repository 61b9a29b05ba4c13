import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { announceSaved, onSavedInOtherTab, type SavedMessage } from './tab-broadcast';

// Another tab is another BroadcastChannel object on the same name.
const otherTab = new BroadcastChannel('site-console:saves');
afterEach(() => {
  otherTab.onmessage = null;
});
afterAll(() => otherTab.close());

describe('tab broadcast', () => {
  it("hears another tab's saves, and ignores what is not a save", async () => {
    const heard: SavedMessage[] = [];
    const stop = onSavedInOtherTab((message) => heard.push(message));
    otherTab.postMessage({ type: 'reload' });
    otherTab.postMessage({ type: 'saved', site: 'acme' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'saved', site: 'acme' }]), {
      timeout: 15_000,
    });
    stop();
    // A listener still subscribed sees both messages in order; by then the stopped one would have.
    const still: string[] = [];
    const stopStill = onSavedInOtherTab(({ site }) => still.push(site));
    otherTab.postMessage({ type: 'saved', site: 'demo' });
    otherTab.postMessage({ type: 'saved', site: 'late' });
    await vi.waitFor(() => expect(still).toEqual(['demo', 'late']), { timeout: 15_000 });
    expect(heard).toHaveLength(1);
    stopStill();
  });

  it('tells the other tabs, not itself', async () => {
    const received: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent<unknown>) => received.push(event.data);
    const heardHere = vi.fn();
    const stop = onSavedInOtherTab(heardHere);
    announceSaved('demo');
    await vi.waitFor(() => expect(received).toEqual([{ type: 'saved', site: 'demo' }]), {
      timeout: 15_000,
    });
    expect(heardHere).not.toHaveBeenCalled();
    stop();
  });
});
