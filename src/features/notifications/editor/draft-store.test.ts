import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  draftStorageKey,
  isDraftWorthOffering,
  loadDraft,
  saveDraft,
  type NotificationDraft,
} from './draft-store';
import { memoryStorage } from '../memory-storage.test-helper';

const server = {
  name: 'Order confirmation',
  description: '',
  subject: 'Order {{ order.number }}',
  text: 'Thanks',
  html: '<p>Thanks</p>',
  html_enabled: true,
  layout: null,
  translations: {},
};

const draft: NotificationDraft = {
  saved_at: '2026-11-21T05:00:00.000Z',
  base_updated_at: '2026-11-20T00:00:00.000Z',
  values: { ...server, subject: 'Your order {{ order.number }}', text: '{% if x %}' },
};

describe('drafts', () => {
  it('round-trips a draft per site and slug', () => {
    const storage = memoryStorage();
    expect(saveDraft(storage, 'demo', 'welcome', draft)).toBe(true);
    expect(loadDraft(storage, 'demo', 'welcome')).toEqual(draft);
    expect(loadDraft(storage, 'acme', 'welcome')).toBeNull();
    expect(loadDraft(storage, 'demo', 'invoice')).toBeNull();
    clearDraft(storage, 'demo', 'welcome');
    expect(loadDraft(storage, 'demo', 'welcome')).toBeNull();
  });

  it('ignores a stored draft of the wrong shape', () => {
    const storage = memoryStorage({
      [draftStorageKey('demo', 'welcome')]: JSON.stringify({ version: 1, values: { subject: 1 } }),
    });
    expect(loadDraft(storage, 'demo', 'welcome')).toBeNull();
  });

  it('offers a draft only when it differs from the server', () => {
    expect(isDraftWorthOffering(draft, server)).toBe(true);
    expect(isDraftWorthOffering({ ...draft, values: server }, server)).toBe(false);
    expect(isDraftWorthOffering(null, server)).toBe(false);
  });
});
