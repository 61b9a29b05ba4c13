/**
 * The elements of an HTML template the checks look at. They are read in the render worker
 * (template-inspection.js, parse5 with source locations, so each keeps its line and column;
 * Liquid is text to parse5, so `href="{{ url }}"` stays as written); the pure checks and their
 * tests use the same reader here.
 */
export { sourceElements, type SourceElement } from './template-inspection.js';

export function hasLiquid(value: string): boolean {
  return /\{\{|\{%/.test(value);
}
