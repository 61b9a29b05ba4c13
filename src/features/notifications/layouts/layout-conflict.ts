// A layout's texts wired into the template editor's 412 merge (editor/translated-merge.ts): the
// default's html and text, and each locale's, merge field by field; only a field both sides
// changed to different texts is asked about, in the shared conflict dialog.
import { translatedConflictMerge } from '../editor/translated-merge';
import { LAYOUT_FIELDS, type LayoutField, type LayoutTexts } from './layout-values';

const LABELS: Record<LayoutField, string> = { html: 'HTML', text: 'Text' };

export const layoutConflictMerge = translatedConflictMerge<LayoutTexts, LayoutField>({
  fields: LAYOUT_FIELDS,
  label: (field) => LABELS[field],
  shown: (value) => value,
  mono: () => true,
  translated: LAYOUT_FIELDS,
  translatedLabel: (field) => (field === 'html' ? LABELS.html : LABELS.text),
});
