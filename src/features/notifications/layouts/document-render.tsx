// The editor's preview with the template's layout and the site's snippets (issue 38): the shown
// locale's html and text rendered by the one renderer (contract/render-document.js) once typing
// pauses, reported to the editor, which shows it in place of the template-only preview and puts
// the template's own problems on its fields. Loaded on demand, only for a template that has a
// layout or renders a snippet. A problem in the layout is said here, above the preview: it is not
// on any of the template's lines.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { layoutsQueryOptions, snippetsQueryOptions } from '../../../api/layouts';
import { LIQUID_RENDER_OPTIONS } from '../../../../contract/liquid-render';
import {
  renderDocument,
  type DocumentFieldResult,
  type DocumentSources,
} from '../../../../contract/render-document';
import { useDebouncedValue } from '../editor/use-debounced-value';
import type { TemplateError } from '../editor/render-template';
import { documentSources, type DocumentPreview } from './document-sources';

export interface DocumentRenderProps {
  /** The shown locale's texts and the template's layout, as edited. */
  values: { html: string; text: string; layout: string | null };
  /** The shown translation; null: the default language. */
  locale: string | null;
  data: Record<string, unknown>;
  onChange: (preview: DocumentPreview | null) => void;
}

const FIELDS = ['text', 'html'] as const;

function templateError(result: DocumentFieldResult): TemplateError | null {
  if (result.ok || result.problem.part !== 'template') return null;
  const { code, message, line, column, from, to } = result.problem;
  return { kind: code === 'syntax' ? 'syntax' : 'render', message, line, column, from, to };
}

export default function DocumentRender(props: DocumentRenderProps) {
  const { locale, data, onChange } = props;
  const { html, text, layout } = props.values;
  const layouts = useQuery(layoutsQueryOptions()).data;
  const snippets = useQuery(snippetsQueryOptions()).data;
  // Rendering with a layout builds a fresh engine: once typing pauses, never on each key.
  const current = useMemo(
    () => ({ html, text, layout, locale, data }),
    [html, text, layout, locale, data],
  );
  const settled = useDebouncedValue(current, 150);
  const sources: DocumentSources | null = useMemo(
    () =>
      layouts === undefined || snippets === undefined
        ? null
        : documentSources(settled, layouts ?? [], snippets ?? []),
    [settled, layouts, snippets],
  );
  const result = useMemo(() => {
    if (!sources) return null;
    const rendered = renderDocument(sources, settled.data, {
      liquid: LIQUID_RENDER_OPTIONS,
      fields: FIELDS,
    });
    // Only what rendered: the editor keeps a failing field's last good output.
    const preview: DocumentPreview = { outputs: {}, errors: {} };
    let layoutProblem: string | null = null;
    for (const field of FIELDS) {
      const own = rendered[field];
      if (!own) continue;
      if (own.ok) preview.outputs[field] = own.output;
      else if (own.problem.part === 'layout') {
        layoutProblem = `The layout's ${field === 'html' ? 'HTML' : 'text'}, line ${own.problem.line}: ${own.problem.message}`;
      } else preview.errors[field] = templateError(own) ?? undefined;
    }
    return { preview, layoutProblem };
  }, [sources, settled.data]);

  useEffect(() => {
    onChange(result?.preview ?? null);
  }, [result, onChange]);
  useEffect(() => () => onChange(null), [onChange]);

  if (!result?.layoutProblem) return null;
  return (
    <p
      role="status"
      className="border-warning bg-warning-soft text-fg rounded-md border px-3 py-2 text-xs"
    >
      {result.layoutProblem}; the preview shows the last version that rendered.
    </p>
  );
}
