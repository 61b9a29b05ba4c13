// Moves the editor to a check's finding (issue 39): to its language first when it is another,
// then to its line and column in the field (Code), or to its element on the canvas (Visual:
// the HTML field's handle selects the block there). Part of the Checks panel's lazy chunk.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import type { CodeEditorHandle } from '../editor/code-editor';
import { localeFieldPath, type NotificationFormValues } from '../translations/translation-fields';

export interface FindingPlace {
  locale: string | null;
  field: string | null;
  line: number | null;
  column: number | null;
}

export interface RevealTargets {
  /** The translation shown; null: the default. */
  shown: string | null;
  defaultLocale: string | undefined;
  select: (locale: string) => void;
  getValues: UseFormGetValues<NotificationFormValues>;
  subjectRef: RefObject<HTMLInputElement | null>;
  textRef: RefObject<CodeEditorHandle | null>;
  htmlRef: RefObject<CodeEditorHandle | null>;
}

/** The offset in `source` of a 1-based line and column (clamped to the source). */
export function offsetOf(source: string, line: number, column: number): number {
  let offset = 0;
  for (let at = 1; at < line; at += 1) {
    const next = source.indexOf('\n', offset);
    if (next === -1) return source.length;
    offset = next + 1;
  }
  const end = source.indexOf('\n', offset);
  return Math.min(offset + Math.max(0, column - 1), end === -1 ? source.length : end);
}

export function useRevealFinding(targets: RevealTargets): (place: FindingPlace) => void {
  const pending = useRef<FindingPlace | null>(null);
  const latest = useRef(targets);
  useEffect(() => {
    latest.current = targets;
  });

  const go = useCallback((place: FindingPlace) => {
    const { shown, getValues, subjectRef, textRef, htmlRef } = latest.current;
    const field = place.field;
    if (field !== 'subject' && field !== 'text' && field !== 'html') return;
    const source = getValues(localeFieldPath(shown, field));
    const offset = offsetOf(source, place.line ?? 1, place.column ?? 1);
    if (field === 'subject') {
      subjectRef.current?.focus();
      subjectRef.current?.setSelectionRange(offset, offset);
    } else {
      (field === 'html' ? htmlRef : textRef).current?.focusAt(offset);
    }
  }, []);

  // After a switch of language the fields remount; the jump waits for them.
  useEffect(() => {
    const place = pending.current;
    if (!place) return;
    pending.current = null;
    go(place);
  }, [targets.shown, go]);

  return useCallback(
    (place: FindingPlace) => {
      const { shown, defaultLocale, select } = latest.current;
      const target = place.locale === null || place.locale === defaultLocale ? null : place.locale;
      if (target !== shown) {
        pending.current = place;
        select(target ?? defaultLocale ?? '');
        return;
      }
      go(place);
    },
    [go],
  );
}
