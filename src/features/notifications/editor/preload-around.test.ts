import { describe, expect, it } from 'vitest';
import { drawsAround } from './preload-around';

describe('what the Visual canvas draws around a template, known from the notification', () => {
  it('is something for a layout, or a snippet in the html of any language', () => {
    expect(drawsAround({ layout: 'branded', html: '<p>Hi</p>' })).toBe(true);
    expect(drawsAround({ layout: null, html: "<p>Hi</p>{% render 'footer' %}" })).toBe(true);
    expect(
      drawsAround({
        layout: null,
        html: '<p>Hi</p>',
        translations: { nl: { html: "{%- render 'voet' -%}" } },
      }),
    ).toBe(true);
  });

  it('is nothing for a template alone, or one the service sent without those fields', () => {
    expect(drawsAround({ layout: null, html: '<p>{{ render }}</p>', translations: {} })).toBe(
      false,
    );
    expect(drawsAround({})).toBe(false);
  });
});
