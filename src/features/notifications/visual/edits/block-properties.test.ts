import { describe, expect, it } from 'vitest';
import { propertiesFor, propertyProblem } from './block-properties';
import { blockAround, placesOf } from '../model/blocks';
import { parseTemplate } from '../model/parse-template';
import { allNodes } from '../model/template-tree';
import { applyChange } from '../model/text-source';

const BUTTON = `<table role="presentation"><tr><td align="center" bgcolor="#4f46e5" style="border-radius:6px;background-color:#4f46e5"><a href="{{ order.url }}" style="display:inline-block;padding:12px 24px;color:#ffffff">View</a></td></tr></table>`;

function field(source: string, tag: string, key: string) {
  const tree = parseTemplate(source);
  const target = [...allNodes(tree.children)].find(
    (node) => node.kind === 'element' && node.tag === tag,
  );
  const block = target && blockAround(tree, placesOf(tree), target.id);
  const found = block && propertiesFor(block).find((candidate) => candidate.key === key);
  if (!block || !found) throw new Error(`no ${key} on ${tag}`);
  const write = (value: string) =>
    [...found.write(source, block, value)]
      .sort((a, b) => b.from - a.from)
      .reduce(applyChange, source);
  return { value: found.read(source, block), write };
}

describe('block properties', () => {
  it("reads and writes a button's label as text, its layout whitespace kept", () => {
    const source = BUTTON.replace('>View</a>', '>\n  View &amp; pay\n</a>');
    const label = field(source, 'a', 'label');
    expect(label.value).toBe('View & pay');
    expect(label.write('View & pay now')).toBe(source.replace('pay\n</a>', 'pay now\n</a>'));
    // An empty button gets its first label.
    const empty = field(BUTTON.replace('>View</a>', '></a>'), 'a', 'label');
    expect(empty.write('Track')).toBe(BUTTON.replace('>View</a>', '>Track</a>'));
  });

  it('reads and writes a button link as raw attribute source', () => {
    const link = field(BUTTON, 'a', 'href');
    expect(link.value).toBe('{{ order.url }}');
    expect(link.write('{{ order.url }}?ref=mail')).toBe(
      BUTTON.replace('"{{ order.url }}"', '"{{ order.url }}?ref=mail"'),
    );
  });

  it("changes a button's background everywhere e-mail clients read it, and nothing else", () => {
    const background = field(BUTTON, 'a', 'background');
    expect(background.value).toBe('#4f46e5');
    expect(background.write('#000000')).toBe(BUTTON.replaceAll('#4f46e5', '#000000'));
  });

  it("aligns a button through its cell's align attribute", () => {
    expect(field(BUTTON, 'a', 'align').write('left')).toBe(
      BUTTON.replace('align="center"', 'align="left"'),
    );
  });

  it('adds a missing declaration to a heading without touching the rest', () => {
    const source = '<h1 style="margin:0">Hi {{ name }}</h1>';
    expect(field(source, 'h1', 'color').write('#18181b')).toBe(
      '<h1 style="margin:0;color:#18181b">Hi {{ name }}</h1>',
    );
    expect(field(source, 'h1', 'background').write('#fff')).toBe(
      '<h1 style="margin:0;background-color:#fff">Hi {{ name }}</h1>',
    );
  });

  it("sets an image's alternative text and width as attributes", () => {
    const source = '<img src="{{ shop.logo_url }}" alt="{{ shop.name }}" width="160">';
    expect(field(source, 'img', 'alt').write('Logo of {{ shop.name }}')).toBe(
      source.replace('alt="{{ shop.name }}"', 'alt="Logo of {{ shop.name }}"'),
    );
    expect(field(source, 'img', 'width').write('200')).toBe(source.replace('160', '200'));
  });
});

describe('property values', () => {
  it('refuses for a link what the link popover refuses: code-running schemes, broken Liquid', () => {
    expect(propertyProblem('link', 'javascript:alert(1)')).toBe(
      'Links that run code are not allowed.',
    );
    expect(propertyProblem('link', ' DATA:text/html,x')).toBe(
      'Links that run code are not allowed.',
    );
    expect(propertyProblem('link', '{{ order.url')).toMatch(/does not parse/);
    expect(propertyProblem('link', '{{ order.url }}?from=email')).toBeNull();
  });

  it('keeps markup out of the other attributes and lets a value be emptied', () => {
    expect(propertyProblem('text', 'a<b')).toBe('Use no < or > here.');
    expect(propertyProblem('color', '{% if x %}')).toMatch(/^Liquid: /);
    expect(propertyProblem('color', '#4f46e5')).toBeNull();
    expect(propertyProblem('link', '')).toBeNull();
  });
});
