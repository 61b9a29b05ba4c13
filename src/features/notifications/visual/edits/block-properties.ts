import { setAttribute, setStyle } from './block-edits';
import { attributeSource, styleSource, type Block, type BlockKind } from '../model/blocks';
import type { ElementNode, Span } from '../model/template-tree';
import { decodeText, textChange, type SourceChange } from '../model/text-source';
import { checkLiquid } from '../../../../../contract/liquid-check';
import { hrefProblem } from './inline-format';

export type PropertyInput = 'link' | 'text' | 'color' | 'align';

/** One property the panel edits: read from the source, written as one value change. */
export interface PropertyField {
  key: string;
  label: string;
  input: PropertyInput;
  read: (source: string, block: Block) => string;
  write: (source: string, block: Block, value: string) => SourceChange[];
}

type Where = 'element' | 'cell';

function target(block: Block, where: Where): ElementNode | null {
  return where === 'cell' ? block.cell : block.element;
}

function attribute(
  key: string,
  label: string,
  input: PropertyInput,
  name: string,
  where: Where = 'element',
): PropertyField {
  return {
    key,
    label,
    input,
    read: (source, block) => {
      const element = target(block, where);
      return element ? (attributeSource(source, element, name) ?? '') : '';
    },
    write: (_source, block, value) => {
      const element = target(block, where);
      return element ? [setAttribute(element, name, value)] : [];
    },
  };
}

function style(key: string, label: string, input: PropertyInput, property: string): PropertyField {
  return {
    key,
    label,
    input,
    read: (source, block) =>
      block.element ? (styleSource(source, block.element, property) ?? '') : '',
    write: (source, block, value) => {
      const change = block.element && setStyle(source, block.element, property, value);
      return change ? [change] : [];
    },
  };
}

/**
 * A background as e-mail writes it: on the element and, for a button, on its cell too (`bgcolor`
 * for Outlook). Every place that already has one changes; with none, the element's style gets it.
 */
const background: PropertyField = {
  key: 'background',
  label: 'Background colour',
  input: 'color',
  read: (source, block) => {
    const places = backgroundPlaces(source, block);
    return places[0]?.value ?? '';
  },
  write: (source, block, value) => {
    const places = backgroundPlaces(source, block);
    if (places.length === 0) {
      const change = block.element && setStyle(source, block.element, 'background-color', value);
      return change ? [change] : [];
    }
    return places.flatMap((place) => {
      if (place.attribute) return [setAttribute(place.element, 'bgcolor', value)];
      const change = setStyle(source, place.element, place.property, value);
      return change ? [change] : [];
    });
  },
};

interface BackgroundPlace {
  element: ElementNode;
  property: string;
  attribute: boolean;
  value: string;
}

function backgroundPlaces(source: string, block: Block): BackgroundPlace[] {
  const elements = [block.element, block.kind === 'button' ? block.cell : null].flatMap(
    (element) => (element ? [element] : []),
  );
  return elements.flatMap((element) => {
    const places: BackgroundPlace[] = [];
    for (const property of ['background-color', 'background']) {
      const value = styleSource(source, element, property);
      if (value !== null) places.push({ element, property, attribute: false, value });
    }
    const bgcolor = attributeSource(source, element, 'bgcolor');
    if (bgcolor !== null)
      places.push({ element, property: 'bgcolor', attribute: true, value: bgcolor });
    return places;
  });
}

/** A label's content without the code's layout whitespace around it (kept as written). */
function labelSpan(source: string, element: ElementNode): Span | null {
  if (!element.close) return null;
  const content = source.slice(element.open.to, element.close.from);
  // Only whitespace with a line break or a tab is the code's layout; a space is the label's.
  const layout = (run: string | undefined) => (run && /[\n\r\t]/.test(run) ? run.length : 0);
  const lead = layout(/^\s*/.exec(content)?.[0]);
  const trail = layout(/\s*$/.exec(content.slice(lead))?.[0]);
  return { from: element.open.to + lead, to: element.close.from - trail };
}

/**
 * A button's label: the text of its link. Plain text is shown and changed as text (the smallest
 * change, entities kept); a label with variables or marks is its source as written.
 */
const buttonLabel: PropertyField = {
  key: 'label',
  label: 'Label',
  input: 'text',
  read: (source, block) => {
    const span = block.element && labelSpan(source, block.element);
    if (!span || !block.element) return '';
    const plain = block.element.children.every((child) => child.kind === 'text');
    const written = source.slice(span.from, span.to);
    return plain ? decodeText(written) : written;
  },
  write: (source, block, value) => {
    const span = block.element && labelSpan(source, block.element);
    if (!span || !block.element) return [];
    if (block.element.children.every((child) => child.kind === 'text')) {
      const change = textChange(source, span, value);
      return change ? [change] : [];
    }
    return [{ ...span, insert: value }];
  },
};

const textColor = style('color', 'Text colour', 'color', 'color');
const padding = style('padding', 'Padding', 'text', 'padding');
const textAlign = style('align', 'Alignment', 'align', 'text-align');
/** An image's or a button's alignment is its cell's `align`, which every mail client honours. */
const cellAlign = attribute('align', 'Alignment', 'align', 'align', 'cell');

/** What the panel offers for a block: the text-free properties of its kind. */
export function propertiesFor(block: Block): PropertyField[] {
  const align = block.cell ? cellAlign : textAlign;
  const fields: Record<BlockKind, PropertyField[]> = {
    heading: [textColor, background, textAlign, padding],
    paragraph: [textColor, background, textAlign, padding],
    button: [
      buttonLabel,
      attribute('href', 'Link', 'link', 'href'),
      textColor,
      background,
      align,
      padding,
    ],
    image: [
      attribute('src', 'Image URL', 'link', 'src'),
      attribute('alt', 'Alternative text', 'text', 'alt'),
      attribute('width', 'Width', 'text', 'width'),
      align,
    ],
    section: [background, padding, attribute('width', 'Width', 'text', 'width')],
    row: [background],
    spacer: [style('height', 'Height', 'text', 'height')],
    divider: [],
    condition: [],
    loop: [],
    // A snippet's content is edited in the snippet's own editor, never here.
    snippet: [],
  };
  return fields[block.kind];
}

/**
 * Why a value cannot go into the property's attribute, or null when it can (empty removes it).
 * A link is checked as the link popover checks it, so neither way in takes a `javascript:` link.
 */
export function propertyProblem(input: PropertyInput, value: string): string | null {
  if (input === 'link') return value.trim() === '' ? null : hrefProblem(value);
  const liquid = checkLiquid(value);
  if (liquid) return `Liquid: ${liquid.message}`;
  return /[<>]/.test(value) ? 'Use no < or > here.' : null;
}
