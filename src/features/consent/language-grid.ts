import type { LocalizedText } from '../../../contract/schemas/common';
import type { CheckTarget, ConsentCheckInput } from './consent-check-model';
import { hasText, languagesInUse, resolveLocalized } from './localized-text';

export type GridField =
  'privacy_policy_url' | 'description' | 'title' | 'placeholder_message' | 'placeholder_action';

export interface GridCell {
  hasText: boolean;
  /** The language whose text is shown instead; null when the cell has text or nothing fills it. */
  fallback: string | null;
}

export interface GridRow {
  /** Stable key, e.g. `application:maps:title`. */
  key: string;
  target: CheckTarget;
  field: GridField;
  label: string;
  cells: Record<string, GridCell>;
}

export interface LanguageGrid {
  languages: string[];
  rows: GridRow[];
}

/**
 * Check 7: for every language in use, whether each localized field has text and which fallback
 * fills a gap. The privacy policy row is only there for kind `url` (the other kinds are not
 * localized).
 */
export function languageGrid(input: ConsentCheckInput): LanguageGrid {
  const languages = languagesInUse(input);
  const rows: GridRow[] = [];
  const addRow = (target: CheckTarget, field: GridField, label: string, text: LocalizedText) => {
    const cells: Record<string, GridCell> = {};
    for (const language of languages) {
      const present = hasText(text, language);
      cells[language] = {
        hasText: present,
        fallback: present ? null : resolveLocalized(text, language).language,
      };
    }
    rows.push({ key: `${target.kind}:${target.name}:${field}`, target, field, label, cells });
  };
  if (input.privacy_policy_kind === 'url') {
    addRow(
      { kind: 'privacy-policy', name: 'privacy-policy' },
      'privacy_policy_url',
      'Privacy policy URL',
      input.privacy_policy_url,
    );
  }
  for (const purpose of input.purposes) {
    addRow(
      { kind: 'purpose', name: purpose.name },
      'description',
      `Purpose ${purpose.name}: description`,
      purpose.description,
    );
  }
  for (const app of input.applications) {
    const target = { kind: 'application' as const, name: app.name };
    addRow(target, 'title', `${app.name}: title`, app.title);
    addRow(target, 'description', `${app.name}: description`, app.description);
    addRow(
      target,
      'placeholder_message',
      `${app.name}: placeholder message`,
      app.placeholder_message,
    );
    addRow(target, 'placeholder_action', `${app.name}: placeholder action`, app.placeholder_action);
  }
  return { languages, rows };
}
