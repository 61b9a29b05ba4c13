/**
 * Types of template-inspection.js (plain JavaScript so the render worker can import it; see its
 * header). template-inspection.test.ts checks the code against these shapes.
 */
export interface SourceElement {
  tag: string;
  attrs: Record<string, string>;
  line: number;
  column: number;
  /** Whether this element or one around it sets a background (style or `bgcolor`). */
  hasBackground: boolean;
}

/** One use of a caniemail.com feature (its slug, e.g. `css-display-flex`) in the template. */
export interface FeatureUse {
  feature: string;
  line: number;
  column: number;
}

/** A variable from outside the template, as liquidjs's static analysis gives it. */
export interface LiquidReference {
  segments: (string | number)[];
  line: number;
  column: number;
}

export interface TemplateInspection {
  /** The HTML's elements in document order (none when HTML is off). */
  elements: SourceElement[];
  features: FeatureUse[];
  /** Per field; null when the field does not parse (its error is a `liquid_error`). */
  references: Record<'subject' | 'text' | 'html', LiquidReference[] | null>;
}

export declare function sourceElements(source: string): SourceElement[];
export declare function liquidReferences(source: string): LiquidReference[] | null;
export declare function inspectTemplate(template: {
  subject: string;
  text: string;
  html: string;
  html_enabled: boolean;
}): TemplateInspection;
export declare function renderedLinks(html: string): string[];
