import { describe, expect, it } from 'vitest';
import { blockPieces, piecesText } from './block-text';
import { pairBlocks } from './block-pairing';
import { parseTemplate } from './parse-template';
import { findNode, type TemplateTree } from './template-tree';

/** The pairs as translation text → default text, which is what a reader checks. */
function pairedTexts(translation: string, original: string): Record<string, string> {
  const ours = parseTemplate(translation);
  const theirs = parseTemplate(original);
  const text = (tree: TemplateTree, id: string) => {
    const node = findNode(tree, id);
    return node?.kind === 'element' ? piecesText(blockPieces(tree.source, node)) : '?';
  };
  return Object.fromEntries(
    [...pairBlocks(ours, theirs)].map(([mine, other]) => [text(ours, mine), text(theirs, other)]),
  );
}

describe('pairBlocks', () => {
  it('pairs each text block with the one in the same place, whatever its text', () => {
    const en = `<h1>Welcome, {{ customer.first_name }}!</h1>
<p>Your account is <strong>ready</strong>.</p>
<table><tr><td>Total</td><td>{{ order.total }}</td></tr></table>
<ul><li>One</li><li>Two</li></ul>
<a href="#" style="padding:8px">View your order</a>`;
    const nl = `<h1>Welkom, {{ customer.first_name }}!</h1>
<p>Je account is <em>klaar</em>.</p>
<table><tr><td>Totaal</td><td>{{ order.total }}</td></tr></table>
<ul><li>Een</li><li>Twee</li></ul>
<a href="#" style="padding:8px">Bekijk je bestelling</a>`;
    expect(pairedTexts(nl, en)).toEqual({
      'Welkom, {{ customer.first_name }}!': 'Welcome, {{ customer.first_name }}!',
      'Je account is klaar.': 'Your account is ready.',
      Totaal: 'Total',
      '{{ order.total }}': '{{ order.total }}',
      Een: 'One',
      Twee: 'Two',
      'Bekijk je bestelling': 'View your order',
    });
  });

  it('takes a paragraph with a link and marks as one block, Liquid as chips', () => {
    expect(
      pairedTexts(
        '<p>Zie <a href="{{ url }}"><b>je</b> bestelling</a> {{ order.number | upcase }}</p>',
        '<p>See <a href="{{ url }}">your <i>order</i></a> {{ order.number }}</p>',
      ),
    ).toEqual({ 'Zie je bestelling {{ order.number }}': 'See your order {{ order.number }}' });
  });

  it('leaves unpaired what cannot be placed for sure when the translation has an extra block', () => {
    const en = '<h1>Hi</h1><p>First</p><p>Second</p><p>Total {{ total }}</p>';
    const nl = '<h1>Hoi</h1><p>Eerst</p><p>Extra</p><p>Tweede</p><p>Totaal {{ total }}</p>';
    // Three plain paragraphs against two: which is which cannot be told, so none is paired;
    // the heading and the paragraph with its own Liquid still are.
    expect(pairedTexts(nl, en)).toEqual({ Hoi: 'Hi', 'Totaal {{ total }}': 'Total {{ total }}' });
  });

  it('never pairs a block with the wrong one when the translation misses a block', () => {
    const en = '<p>One {{ a }}</p><p>Two {{ b }}</p><p>Three {{ c }}</p>';
    const nl = '<p>Een {{ a }}</p><p>Drie {{ c }}</p>';
    expect(pairedTexts(nl, en)).toEqual({
      'Een {{ a }}': 'One {{ a }}',
      'Drie {{ c }}': 'Three {{ c }}',
    });
  });

  it('pairs inside frames branch by branch, and not where the branches differ', () => {
    const en =
      '{% if vip %}<p>Dear VIP</p>{% else %}<p>Hello</p>{% endif %}{% if a %}<p>A</p>{% endif %}';
    const nl =
      '{% if vip %}<p>Beste VIP</p>{% else %}<p>Hallo</p>{% endif %}{% if a %}<p>A</p>{% else %}<p>B</p>{% endif %}';
    expect(pairedTexts(nl, en)).toEqual({ 'Beste VIP': 'Dear VIP', Hallo: 'Hello' });
  });

  it('pairs nothing where one side has text and the other a container', () => {
    expect(pairedTexts('<div><p>Hoi</p></div>', '<div>Hi</div>')).toEqual({});
  });

  it('pairs through the document frame of a whole e-mail', () => {
    const en =
      '<!doctype html><html><head><title>T</title></head><body><table><tr><td><p>Hi</p></td></tr></table></body></html>';
    const nl = en.replace('<p>Hi</p>', '<p>Hoi</p>');
    expect(pairedTexts(nl, en)).toEqual({ Hoi: 'Hi' });
  });
});
