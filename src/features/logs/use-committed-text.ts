import { useEffect, useState } from 'react';

const COMMIT_DELAY_MS = 400;

/**
 * A text input's local value, committed (to the URL) after typing pauses or at once on
 * `commitNow`. When the committed value changes elsewhere (back button, a link), the input
 * follows it.
 */
export function useCommittedText(committed: string, commit: (value: string) => void) {
  const [value, setValue] = useState(committed);
  const [lastCommitted, setLastCommitted] = useState(committed);
  if (committed !== lastCommitted) {
    setLastCommitted(committed);
    setValue(committed);
  }

  useEffect(() => {
    if (value === committed) return;
    const handle = setTimeout(() => commit(value), COMMIT_DELAY_MS);
    return () => clearTimeout(handle);
  }, [value, committed, commit]);

  return {
    value,
    setValue,
    commitNow: () => {
      if (value !== committed) commit(value);
    },
  };
}
