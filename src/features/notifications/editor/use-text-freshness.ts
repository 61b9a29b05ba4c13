import { useCallback, useEffect, useState } from 'react';
import { browserStorage, readJson, writeJson } from '../browser-storage';
import { currentSite } from '../current-site';
import { baseOf, isTextStale, nextBase, restoredBase, type TextBase } from './text-freshness';

function storageKey(slug: string): string {
  return `site-console:notification-editor:text-base:${currentSite()}:${slug}`;
}

/**
 * Whether the text version is stale against the HTML (text-freshness.ts), kept in this browser
 * per template; `markFresh` after generating the text (it may come out the same as before).
 */
export function useTextFreshness(
  slug: string,
  values: { html: string; text: string; html_enabled: boolean },
) {
  const { html, text } = values;
  const [base, setBase] = useState<TextBase>(() =>
    restoredBase(readJson(browserStorage(), storageKey(slug)), html, text),
  );
  // Derived from the values as they change (React's "adjusting state while rendering").
  const next = nextBase(base, html, text);
  if (next !== base) setBase(next);
  useEffect(() => {
    writeJson(browserStorage(), storageKey(slug), next);
  }, [slug, next]);
  const markFresh = useCallback(
    (currentHtml: string, currentText: string) => setBase(baseOf(currentHtml, currentText)),
    [],
  );
  return { stale: isTextStale(next, values), markFresh };
}
