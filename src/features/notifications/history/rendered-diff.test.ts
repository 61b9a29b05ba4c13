import { describe, expect, it } from 'vitest';
import { renderedDiff, tokenize } from './rendered-diff';

describe('renderedDiff', () => {
  it('marks the changed words in place and outlines their blocks', () => {
    const diff = renderedDiff(
      '<h1>Welcome</h1><p>Your order ships today.</p><p>Thanks!</p>',
      '<h1>Welcome</h1><p>Your order ships tomorrow.</p><p>Thanks!</p>',
    );
    expect(diff.before).toContain(
      '<p data-diff-block>Your order ships <mark data-diff="removed">today.</mark></p>',
    );
    expect(diff.after).toContain(
      '<p data-diff-block>Your order ships <mark data-diff="added">tomorrow.</mark></p>',
    );
    expect(diff.after).toContain('<h1>Welcome</h1>');
    expect(diff.after).toContain('<p>Thanks!</p>');
    expect(diff).toMatchObject({ removed: 1, added: 1, changedBlocks: { before: 1, after: 1 } });
  });

  it('pairs blocks by their content: an inserted paragraph is the only change', () => {
    const diff = renderedDiff(
      '<p>One</p><p>Three</p>',
      '<p>One</p><p>Two new words</p><p>Three</p>',
    );
    expect(diff).toMatchObject({ removed: 0, added: 3, changedBlocks: { before: 0, after: 1 } });
    expect(diff.after).toContain('<p data-diff-block><mark data-diff="added">Two</mark>');
  });

  it('leaves identical versions unmarked, and ignores text in style and head', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><p>Same</p></body></html>';
    const diff = renderedDiff(html, html.replace('color:red', 'color:blue'));
    expect(diff).toMatchObject({ removed: 0, added: 0 });
    expect(diff.after).not.toContain('<mark');
    // The style sheet goes into the head.
    expect(diff.after.indexOf('data-diff-style')).toBeLessThan(diff.after.indexOf('</head>'));
  });

  it('sees a changed image as a change, inside a table cell', () => {
    const diff = renderedDiff(
      '<table><tr><td><img src="https://x/a.png" alt=""></td></tr></table>',
      '<table><tr><td><img src="https://x/b.png" alt=""></td></tr></table>',
    );
    expect(diff.after).toContain(
      '<td data-diff-block><mark data-diff="added"><img src="https://x/b.png"',
    );
    expect(diff.changedBlocks).toEqual({ before: 1, after: 1 });
  });

  it('tokenizes tags, words and spaces and keeps the text as it was', () => {
    const html = '<p class="a">Hi <b>there</b>, you</p><!-- note --><br/>';
    expect(
      tokenize(html)
        .map((token) => token.raw)
        .join(''),
    ).toBe(html);
  });
});
