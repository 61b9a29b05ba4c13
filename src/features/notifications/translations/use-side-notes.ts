import { useCallback, useEffect, useMemo, useState } from 'react';
import { referenceTrees } from './reference-notes';
import { SideNotes, type SideNotesSummary } from './side-notes';
import type { TranslatorReference } from './translator-reference';

/** "English" for `en`: the dashboard speaks English; the tag itself where the name is unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * The side-by-side notes of a canvas: `create` makes them in the canvas document once it loads;
 * they show `reference` while `on`. `changed` lists the blocks whose default changed since the
 * translation was saved, for the banner.
 */
export function useSideNotes(reference: TranslatorReference | undefined, on: boolean) {
  const [notes, setNotes] = useState<SideNotes | null>(null);
  const [changed, setChanged] = useState<string[]>([]);
  const defaultHtml = reference?.defaultHtml;
  const basedOnHtml = reference?.basedOnHtml ?? null;
  // Parsed once per default, not per keystroke: the default does not change while translating.
  const trees = useMemo(
    () => (defaultHtml === undefined ? null : referenceTrees(defaultHtml, basedOnHtml)),
    [defaultHtml, basedOnHtml],
  );
  const language = languageName(reference?.defaultLocale ?? 'en');

  useEffect(() => {
    notes?.setReference(on ? trees : null, language);
  }, [notes, on, trees, language]);

  useEffect(() => () => notes?.destroy(), [notes]);

  const create = useCallback((doc: Document) => {
    const made = new SideNotes(doc, 'English', (summary: SideNotesSummary) => {
      setChanged((previous) => (sameList(previous, summary.changed) ? previous : summary.changed));
    });
    setNotes(made);
    return made;
  }, []);

  const goTo = useCallback((blockId: string) => notes?.goTo(blockId), [notes]);
  return { create, changed: on && trees ? changed : [], goTo, language };
}
