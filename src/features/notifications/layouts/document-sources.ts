// What the one renderer needs for the editor's preview (issue 38): the template's html and text
// in the shown locale, its layout's and every snippet's text in that locale (a translation's own,
// else the default's, as the service resolves them for a test send).
import type { DocumentSources } from '../../../../contract/render-document';
import type { Layout, Snippet } from '../../../../contract/schemas/layout';
import type { PreviewState } from '../editor/render-template';

/**
 * The html and text of the document preview (those that rendered); the subject stays the
 * template-only preview's.
 */
export interface DocumentPreview {
  outputs: Partial<Pick<PreviewState['outputs'], 'html' | 'text'>>;
  errors: Pick<PreviewState['errors'], 'html' | 'text'>;
}

export function documentSources(
  template: { html: string; text: string; layout: string | null; locale: string | null },
  layouts: readonly Layout[],
  snippets: readonly Snippet[],
): DocumentSources {
  const { locale } = template;
  const layout = layouts.find((candidate) => candidate.slug === template.layout);
  const own = locale === null ? undefined : layout?.translations[locale];
  return {
    template: { html: template.html, text: template.text },
    layout: layout ? { html: own?.html ?? layout.html, text: own?.text ?? layout.text } : null,
    snippets: Object.fromEntries(
      snippets.map((snippet) => [
        snippet.name,
        (locale === null ? undefined : snippet.translations[locale]?.body) ?? snippet.body,
      ]),
    ),
  };
}
