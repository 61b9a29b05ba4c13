/** Rows whose chosen texts contain every word of the query (case-insensitive). */
export function filterRows<T>(
  rows: readonly T[],
  query: string | undefined,
  texts: (row: T) => Array<string | null>,
): T[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = texts(row)
      .filter((text) => text !== null)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
