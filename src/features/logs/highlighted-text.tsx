import { memo } from 'react';
import { highlightSegments } from './log-highlight';

/** `text` with the search terms marked. */
export const HighlightedText = memo(function HighlightedText({
  text,
  terms,
}: {
  text: string;
  terms: readonly string[];
}) {
  if (terms.length === 0) return text;
  return highlightSegments(text, terms).map((segment, index) =>
    segment.match ? (
      <mark key={index} className="bg-warning-soft text-fg ring-warning/50 rounded-sm ring-1">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
});
