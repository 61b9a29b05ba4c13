import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../memory-storage.test-helper';
import {
  clearLayoutDraft,
  isLayoutDraftWorthOffering,
  layoutDraftKey,
  loadLayoutDraft,
  saveLayoutDraft,
  type LayoutDraft,
} from './layout-draft';

const server = { html: '{{ content }}', text: '', translations: {} };
const draft: LayoutDraft = {
  saved_at: '2026-11-29T10:00:00.000Z',
  base_updated_at: '2026-11-28T00:00:00.000Z',
  values: { ...server, translations: { nl: { html: '<p>Hallo</p>{{ content }}', text: '' } } },
};

describe('layout drafts', () => {
  it('round-trips a draft per site and slug, apart from notification drafts', () => {
    const storage = memoryStorage();
    expect(saveLayoutDraft(storage, 'a', 'store', draft)).toBe(true);
    expect(loadLayoutDraft(storage, 'a', 'store')).toEqual(draft);
    expect(loadLayoutDraft(storage, 'b', 'store')).toBeNull();
    expect(layoutDraftKey('a', 'store')).not.toContain('notification-draft');
    clearLayoutDraft(storage, 'a', 'store');
    expect(loadLayoutDraft(storage, 'a', 'store')).toBeNull();
  });

  it('ignores what is not a draft and offers only one that differs from the server', () => {
    const storage = memoryStorage({ [layoutDraftKey('a', 'store')]: '{"version":1,"values":3}' });
    expect(loadLayoutDraft(storage, 'a', 'store')).toBeNull();
    expect(isLayoutDraftWorthOffering(draft, server)).toBe(true);
    expect(isLayoutDraftWorthOffering({ ...draft, values: server }, server)).toBe(false);
    expect(isLayoutDraftWorthOffering(null, server)).toBe(false);
  });
});
