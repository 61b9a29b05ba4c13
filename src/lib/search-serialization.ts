import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import * as z from 'zod/mini';

/*
 * TanStack Router writes every string that would parse as JSON as a JSON string, so a search for
 * the phrase "payment failed" (quotes included) travelled as `?q=%22%5C%22payment…` and `q=123`
 * came back as a number the schema dropped. Here text stays text in the URL: only bare numbers
 * and booleans are read as such, and text parameters take them back as text.
 */

const LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?|true|false)$/;

function parseLiteral(value: string): unknown {
  if (!LITERAL.test(value)) throw new Error('text');
  return JSON.parse(value);
}

export const parseSearch = parseSearchWith(parseLiteral);
export const stringifySearch = stringifySearchWith(JSON.stringify);

/** A free-text search parameter: `?q=404` is the text "404", not a number. */
export const searchText = z.catch(
  z.optional(
    z.union([
      z.string(),
      z.pipe(z.number(), z.transform(String)),
      z.pipe(z.boolean(), z.transform(String)),
    ]),
  ),
  undefined,
);
