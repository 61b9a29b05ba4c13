/**
 * What the checks read from a template's source (issue 39), in the render worker: the elements
 * with their places (parse5 with source locations, so a finding names the line and column of the
 * template, not of the rendered mail), the HTML and CSS features caniemail.com describes that the
 * HTML uses, and the Liquid variables each field refers to. Plain JavaScript so the render worker
 * (template-render-worker.js) imports it under tsx, vitest and plain Node alike; parsing a 25 kB
 * template takes tens of milliseconds, which on the service's thread held every other request
 * (BENCHMARKS.md). Types: template-inspection.d.ts. The checks themselves (html-checks.ts,
 * client-support.ts, liquid-checks.ts) are pure functions of what this returns.
 */
import { Liquid } from 'liquidjs';
import { parse } from 'parse5';

const analyzer = new Liquid({ cache: false });

function setsBackground(attrs) {
  return /(^|;)\s*background(-color|-image)?\s*:/i.test(attrs.style ?? '') || 'bgcolor' in attrs;
}

/** Every element of `source`, in document order, and the text of each `<style>` with its place. */
function walkSource(source) {
  const document = parse(source, { sourceCodeLocationInfo: true });
  const elements = [];
  const styles = [];
  const walk = (node, background) => {
    let inner = background;
    if ('tagName' in node) {
      const attrs = Object.fromEntries(node.attrs.map((attr) => [attr.name, attr.value]));
      inner = background || setsBackground(attrs);
      const location = node.sourceCodeLocation;
      // Elements parse5 adds itself (html, head, body of a fragment) have no location.
      if (location) {
        elements.push({
          tag: node.tagName,
          attrs,
          line: location.startLine,
          column: location.startCol,
          hasBackground: inner,
        });
      }
      if (node.tagName === 'style') {
        for (const child of node.childNodes) {
          if (child.nodeName === '#text' && child.sourceCodeLocation) {
            styles.push({
              text: child.value,
              line: child.sourceCodeLocation.startLine,
              column: child.sourceCodeLocation.startCol,
            });
          }
        }
      }
    }
    const children =
      'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) walk(child, inner);
  };
  walk(document, false);
  return { elements, styles };
}

/** Every element of `source`, in document order (html-source.ts's shape). */
export function sourceElements(source) {
  return walkSource(source).elements;
}

// --- Features (caniemail.com's slugs; the ones its data lacks are ignored by the check) ---

const TAG_FEATURES = {
  svg: 'html-svg',
  video: 'html-video',
  audio: 'html-audio',
  form: 'html-form',
  select: 'html-select',
  textarea: 'html-textarea',
  picture: 'html-picture',
  marquee: 'html-marquee',
  dialog: 'html-dialog',
  progress: 'html-progress',
  meter: 'html-meter',
  object: 'html-object',
  base: 'html-base',
  map: 'html-image-maps',
  style: 'html-style',
  abbr: 'html-abbr',
  acronym: 'html-acronym',
  address: 'html-address',
  bdi: 'html-bdi',
  blockquote: 'html-blockquote',
  code: 'html-code',
  del: 'html-del',
  dfn: 'html-dfn',
  hr: 'html-hr',
  pre: 'html-pre',
  ruby: 'html-ruby',
  rt: 'html-rt',
  rp: 'html-rp',
  strike: 'html-strike',
  wbr: 'html-wbr',
};
const SEMANTIC_TAGS = new Set([
  'article',
  'aside',
  'details',
  'figcaption',
  'figure',
  'footer',
  'header',
  'main',
  'mark',
  'nav',
  'section',
  'summary',
  'time',
]);
const ATTRIBUTE_FEATURES = {
  srcset: 'html-srcset',
  loading: 'html-loading-attribute',
  background: 'html-background',
  dir: 'html-dir',
  role: 'html-role',
  popover: 'html-popover',
  required: 'html-required',
  'aria-describedby': 'html-aria-describedby',
  'aria-hidden': 'html-aria-hidden',
  'aria-label': 'html-aria-label',
  'aria-labelledby': 'html-aria-labelledby',
  'aria-live': 'html-aria-live',
};
const IMAGE_FORMATS = {
  webp: 'image-webp',
  svg: 'image-svg',
  avif: 'image-avif',
  apng: 'image-apng',
  bmp: 'image-bmp',
  tif: 'image-tiff',
  tiff: 'image-tiff',
  ico: 'image-ico',
  heic: 'image-heif',
  heif: 'image-heif',
  gif: 'image-gif',
};

function tagFeatures(element) {
  const { tag, attrs } = element;
  const found = [];
  if (TAG_FEATURES[tag]) found.push(TAG_FEATURES[tag]);
  if (SEMANTIC_TAGS.has(tag)) found.push('html-semantics');
  if (/^h[1-6]$/.test(tag)) found.push('html-h1-h6');
  if (tag === 'input') found.push(`html-input-${(attrs.type ?? 'text').toLowerCase()}`);
  if (tag === 'button') found.push(`html-button-${(attrs.type ?? 'submit').toLowerCase()}`);
  if (tag === 'link' && /stylesheet/i.test(attrs.rel ?? '')) found.push('html-link');
  for (const name of Object.keys(attrs)) {
    if (ATTRIBUTE_FEATURES[name]) found.push(ATTRIBUTE_FEATURES[name]);
  }
  if (tag === 'a') {
    const href = (attrs.href ?? '').trim().toLowerCase();
    if (href.startsWith('#') && href.length > 1) found.push('html-anchor-links');
    if (href.startsWith('mailto:')) found.push('html-mailto-links');
  }
  if (tag === 'img') {
    const src = (attrs.src ?? '').trim().toLowerCase();
    if (src.startsWith('data:')) found.push('image-base64');
    const extension = /\.([a-z0-9]+)(?:[?#].*)?$/.exec(src)?.[1];
    if (extension && IMAGE_FORMATS[extension]) found.push(IMAGE_FORMATS[extension]);
  }
  return found;
}

const OWN_SLUG_PROPERTIES =
  /^(border-(radius|collapse|spacing|image)|background-[a-z]+|box-[a-z]+|font-[a-z]+|text-[a-z-]+|list-style-[a-z]+|flex-[a-z]+|max-[a-z]+|min-[a-z]+|column-count|caption-side|empty-cells|letter-spacing|line-height|object-fit|object-position|outline-offset|overflow-wrap|table-layout|vertical-align|white-space|word-[a-z]+|z-index|mix-blend-mode|mask-image|clip-path|backdrop-filter|aspect-ratio|accent-color|align-items|justify-content|color-scheme|tab-size|user-select|writing-mode)$/;

/** The caniemail slugs of one declaration (`property: value`). */
function declarationFeatures(property, value) {
  const name = property.trim().toLowerCase();
  const found = [];
  if (name.startsWith('--')) return ['css-variables'];
  if (OWN_SLUG_PROPERTIES.test(name)) found.push(`css-${name}`);
  else if (/^(margin|padding)(-(top|right|bottom|left))?$/.test(name))
    found.push(`css-${name.split('-')[0]}`);
  else if (/^(margin|padding)-(inline|block)(-(start|end))?$/.test(name))
    found.push(
      name.endsWith('start') || name.endsWith('end')
        ? `css-${name.split('-')[0]}-${name.split('-')[1]}-start-end`
        : `css-${name.split('-')[0]}-inline-block`,
    );
  else if (/^border(-(top|right|bottom|left))?(-(width|style|color))?$/.test(name))
    found.push('css-border');
  else if (/^(top|right|bottom|left)$/.test(name)) found.push('css-left-right-top-bottom');
  else found.push(`css-${name}`);
  const v = value.toLowerCase();
  if (name === 'display') {
    if (/\b(inline-)?flex\b/.test(v)) found.push('css-display-flex');
    if (/\b(inline-)?grid\b/.test(v)) found.push('css-display-grid');
    if (/\bnone\b/.test(v)) found.push('css-display-none');
  }
  const functions = {
    'linear-gradient': 'css-linear-gradient',
    'radial-gradient': 'css-radial-gradient',
    'conic-gradient': 'css-conic-gradient',
    calc: 'css-unit-calc',
    var: 'css-variables',
    clamp: 'css-function-clamp',
    min: 'css-function-min',
    max: 'css-function-max',
    rgba: 'css-rgba',
    'light-dark': 'css-function-light-dark',
  };
  for (const [call, slug] of Object.entries(functions)) {
    // `min(` inside `minmax(` or `-min(` is another function.
    if (new RegExp(`(^|[^a-z-])${call}\\(`).test(v)) found.push(slug);
  }
  if (/!\s*important/.test(v)) found.push('css-important');
  for (const unit of ['rem', 'vh', 'vw', 'vmin', 'vmax', 'ch', 'ex']) {
    if (new RegExp(`\\d${unit}\\b`).test(v)) found.push(`css-unit-${unit}`);
  }
  return found;
}

/** Declarations of a style attribute or a rule block: `[property, value, offset]`. */
function declarations(css) {
  const out = [];
  const pattern = /(^|[;{\s])(-{0,2}[a-zA-Z][\w-]*)\s*:\s*([^;{}]*)/g;
  for (let match = pattern.exec(css); match; match = pattern.exec(css)) {
    out.push([match[2], match[3], match.index + match[1].length]);
  }
  return out;
}

const AT_RULES = {
  media: 'css-at-media',
  'font-face': 'css-at-font-face',
  import: 'css-at-import',
  keyframes: 'css-at-keyframes',
  supports: 'css-at-supports',
};

/** The features of a `<style>` block: at-rules, media features, pseudo-classes, declarations. */
function styleBlockFeatures(css) {
  const found = [];
  // Comments hide nothing from a client, but their content is no feature.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => ' '.repeat(comment.length));
  for (const match of text.matchAll(/@([a-z-]+)/g)) {
    if (AT_RULES[match[1]]) found.push([AT_RULES[match[1]], match.index]);
  }
  for (const match of text.matchAll(
    /\(\s*(prefers-color-scheme|prefers-reduced-motion|hover|orientation)\s*[:)]/g,
  )) {
    found.push([`css-at-media-${match[1]}`, match.index]);
  }
  for (const match of text.matchAll(/-webkit-device-pixel-ratio|min-resolution/g)) {
    found.push(['css-at-media-device-pixel-ratio', match.index]);
  }
  // Selectors: the text before each `{` back to the previous `}` or `;` or `{`.
  for (const match of text.matchAll(/([^{};]+)\{/g)) {
    const selector = match[1];
    if (selector.trim().startsWith('@')) continue;
    for (const pseudo of selector.matchAll(/(::?)([a-z-]+)/g)) {
      const kind = pseudo[1] === '::' ? 'element' : 'class';
      found.push([`css-pseudo-${kind}-${pseudo[2]}`, match.index + pseudo.index]);
    }
  }
  for (const block of text.matchAll(/\{([^{}]*)\}/g)) {
    for (const [property, value, offset] of declarations(block[1])) {
      for (const slug of declarationFeatures(property, value)) {
        found.push([slug, block.index + 1 + offset]);
      }
    }
  }
  return found;
}

function placeIn(text, offset, line, column) {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return lines.length === 1
    ? { line, column: column + offset }
    : { line: line + lines.length - 1, column: lines[lines.length - 1].length + 1 };
}

/** Every use of a caniemail feature in `source`: `{ feature, line, column }`, in order. */
function featuresOf(elements, styles) {
  const uses = [];
  for (const element of elements) {
    const at = { line: element.line, column: element.column };
    for (const feature of tagFeatures(element)) uses.push({ feature, ...at });
    if (element.attrs.style) {
      for (const [property, value] of declarations(element.attrs.style)) {
        for (const feature of declarationFeatures(property, value)) uses.push({ feature, ...at });
      }
    }
  }
  for (const style of styles) {
    for (const [feature, offset] of styleBlockFeatures(style.text)) {
      uses.push({ feature, ...placeIn(style.text, offset, style.line, style.column) });
    }
  }
  return uses.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The outside variables `source` refers to, or null when it does not parse. */
export function liquidReferences(source) {
  let globals;
  try {
    globals = analyzer.analyzeSync(analyzer.parse(source)).globals;
  } catch {
    return null;
  }
  const references = [];
  for (const list of Object.values(globals)) {
    for (const reference of list) {
      // A segment that is itself a variable (`a[b]`) is not a fixed path: left out.
      if (reference.segments.some((segment) => typeof segment === 'object')) continue;
      references.push({
        segments: reference.segments,
        line: reference.location.row,
        column: reference.location.col,
      });
    }
  }
  return references;
}

/** Everything the checks read from one locale's template. */
export function inspectTemplate(template) {
  const html = template.html_enabled ? walkSource(template.html) : { elements: [], styles: [] };
  return {
    elements: html.elements,
    features: featuresOf(html.elements, html.styles),
    references: {
      subject: liquidReferences(template.subject),
      text: liquidReferences(template.text),
      html: template.html_enabled ? liquidReferences(template.html) : [],
    },
  };
}

/** The hrefs of the links of a rendered HTML, in order (for links that print nothing). */
export function renderedLinks(html) {
  return sourceElements(html)
    .filter((element) => element.tag === 'a')
    .map((element) => element.attrs.href ?? '');
}
