import { describe, expect, it } from 'vitest';
import { baseOf, fingerprint, isTextStale, nextBase, restoredBase } from './text-freshness';

const values = (html: string, text: string) => ({ html, text, html_enabled: true });

describe('text freshness', () => {
  it('is stale once the HTML changes after the text, and fresh again when the text changes', () => {
    let base = baseOf('<p>packing it with care</p>', 'getting it ready');
    expect(isTextStale(base, values('<p>packing it with care</p>', 'getting it ready'))).toBe(
      false,
    );
    base = nextBase(base, '<p>getting it ready</p>', 'getting it ready');
    expect(isTextStale(base, values('<p>getting it ready</p>', 'getting it ready'))).toBe(true);
    // Editing the HTML further keeps it stale; editing (or generating) the text ends it.
    base = nextBase(base, '<p>getting it ready!</p>', 'getting it ready');
    expect(isTextStale(base, values('<p>getting it ready!</p>', 'getting it ready'))).toBe(true);
    base = nextBase(base, '<p>getting it ready!</p>', 'getting it ready!');
    expect(isTextStale(base, values('<p>getting it ready!</p>', 'getting it ready!'))).toBe(false);
  });

  it('going back to the HTML the text was written against is fresh again', () => {
    let base = baseOf('<p>a</p>', 'a');
    base = nextBase(base, '<p>b</p>', 'a');
    base = nextBase(base, '<p>a</p>', 'a');
    expect(isTextStale(base, values('<p>a</p>', 'a'))).toBe(false);
  });

  it('never calls an empty text or a text-only message stale', () => {
    const base = baseOf('<p>a</p>', '');
    expect(isTextStale(base, values('<p>b</p>', ''))).toBe(false);
    expect(
      isTextStale(baseOf('<p>a</p>', 'a'), { html: '<p>b</p>', text: 'a', html_enabled: false }),
    ).toBe(false);
  });

  it('keeps a stored base only while the text is the one it was stored with', () => {
    const stored = baseOf('<p>old</p>', 'text');
    expect(restoredBase(stored, '<p>new</p>', 'text')).toEqual(stored);
    expect(restoredBase(stored, '<p>new</p>', 'changed elsewhere')).toEqual(
      baseOf('<p>new</p>', 'changed elsewhere'),
    );
    expect(restoredBase({ nonsense: true }, '<p>x</p>', 't')).toEqual(baseOf('<p>x</p>', 't'));
  });

  it('tells versions apart by fingerprint', () => {
    expect(fingerprint('getting it ready')).not.toBe(fingerprint('packing it with care'));
    expect(fingerprint('ab')).not.toBe(fingerprint('ba'));
  });
});
