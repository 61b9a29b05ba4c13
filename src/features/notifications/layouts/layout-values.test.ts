import { describe, expect, it } from 'vitest';
import {
  CONTENT_MISSING,
  contentErrors,
  layoutChanges,
  layoutValuesOf,
  shownLayoutTexts,
  withLayoutText,
} from './layout-values';

const saved = layoutValuesOf({
  html: '<header>Shop</header>{{ content }}<footer>Bye</footer>',
  text: '{{ content }}\n-- Shop',
  translations: {
    nl: {
      html: '<header>Winkel</header>{{ content }}<footer>Dag</footer>',
      text: '{{ content }}',
      updated_at: '2026-11-01T00:00:00.000Z',
    },
  },
});

describe('layout values', () => {
  it('sends nothing while nothing changed', () => {
    expect(layoutChanges(saved, saved)).toEqual({});
  });

  it('sends the changed default field and only the changed fields of a translation', () => {
    let values = withLayoutText(saved, null, 'text', '{{ content }}\n-- The shop');
    values = withLayoutText(values, 'nl', 'html', '{{ content }}<footer>Tot ziens</footer>');
    expect(layoutChanges(saved, values)).toEqual({
      text: '{{ content }}\n-- The shop',
      translations: { nl: { html: '{{ content }}<footer>Tot ziens</footer>' } },
    });
  });

  it('starts a missing translation from the default and sends all its fields; removes with null', () => {
    const started = withLayoutText(saved, 'de', 'html', '{{ content }}<footer>Tschüss</footer>');
    expect(shownLayoutTexts(started, 'de').text).toBe(saved.text);
    expect(layoutChanges(saved, started).translations).toEqual({
      de: { html: '{{ content }}<footer>Tschüss</footer>', text: saved.text },
    });
    const removed = { ...saved, translations: {} };
    expect(layoutChanges(saved, removed)).toEqual({ translations: { nl: null } });
  });

  it('refuses an html this save sends without {{ content }}, on its field', () => {
    const lost = withLayoutText(saved, 'nl', 'html', '<footer>Dag</footer>');
    expect(contentErrors(saved, lost)).toEqual({ 'translations.nl.html': CONTENT_MISSING });
    const lostDefault = withLayoutText(saved, null, 'html', '<p>{{ contents }}</p>');
    expect(contentErrors(saved, lostDefault)).toEqual({ html: CONTENT_MISSING });
    // Text may go without one; an unchanged field is the service's business, not this save's.
    expect(contentErrors(saved, withLayoutText(saved, null, 'text', 'plain'))).toEqual({});
    expect(contentErrors(saved, withLayoutText(saved, null, 'html', '{{content}}'))).toEqual({});
  });
});
