/**
 * Types of render-document.js (the one renderer of an e-mail; the module is plain JavaScript so
 * the service's render worker can import it, see its header). Its tests (render-document.test.ts)
 * check the code against these shapes.
 */
import type { LiquidOptions } from 'liquidjs';

export type DocumentField = 'subject' | 'text' | 'html';
export declare const DOCUMENT_FIELDS: readonly ['subject', 'text', 'html'];

/** Everything one rendering needs, already resolved for one locale. */
export interface DocumentSources {
  /** The template's fields in the locale. */
  template: Partial<Record<DocumentField, string>>;
  /** The layout's html and text in the locale, or null when the template has none. */
  layout: { html: string; text: string } | null;
  /** Snippet name → its body in the locale. */
  snippets?: Record<string, string>;
}

export interface DocumentProblem {
  field: DocumentField;
  /** Whether the template's own field or the layout's failed. */
  part: 'template' | 'layout';
  code: 'syntax' | 'render' | 'unknown_snippet' | 'snippet_cycle';
  message: string;
  /** 1-based, in the part's source. */
  line: number;
  column: number;
  from: number;
  to: number;
}

export type DocumentFieldResult =
  { ok: true; output: string } | { ok: false; problem: DocumentProblem };

/** liquidjs's emitter interface, as the worker's bounded one implements it. */
export interface DocumentEmitter {
  buffer: string;
  write(html: unknown): void;
}

export interface RenderDocumentOptions {
  /** liquidjs options (LIQUID_RENDER_OPTIONS); its limits are one budget for all fields. */
  liquid: LiquidOptions;
  fields: readonly DocumentField[];
  /** A fresh emitter per part rendered (default: one that keeps everything). */
  emitter?: (field: DocumentField) => DocumentEmitter;
  /** Called when a field starts (the worker reports it, to blame a timeout on it). */
  onField?: (field: DocumentField) => void;
  /**
   * liquidjs's limiters, shared by every call given the same object (one time and memory budget
   * for a job of many documents); filled by the first part rendered.
   */
  budget?: { renderLimit?: unknown; memoryLimit?: unknown };
  /** An error that ends the whole rendering instead of failing the field (the output budget). */
  isFatal?: (error: unknown) => boolean;
}

export declare function renderDocument(
  sources: DocumentSources,
  data: unknown,
  options: RenderDocumentOptions,
): Partial<Record<DocumentField, DocumentFieldResult>>;

export interface SourcePlace {
  from: number;
  to: number;
  line: number;
  column: number;
}

/** Where the document starts after the template's Liquid prologue, or null (see the .js). */
export declare function documentPrologue(
  source: string,
): { from: 0; to: number; line: number } | null;

export declare function snippetReferences(source: string): Array<SourcePlace & { name: string }>;
export declare function contentPlaceholders(source: string): SourcePlace[];
export declare function snippetCycle(
  source: string,
  snippets: Record<string, string>,
): string[] | null;
export declare function splitIntoLayout(
  html: string,
  from: number,
  to: number,
): { layout: string; template: string };
