// A failed answer as the dashboard accepts it from any server, turned into the spec's Error
// body (2.7) so every screen handles one shape. Servers and the proxies in front of them send
// bodies without `errors`, `code` as text, RFC 7807 problems (`title`/`detail`), `{"error": …}`,
// plain text, or an HTML page (a gateway's 502): each becomes a message that says what happened.
import { z } from 'zod';
import type { ErrorBody, ErrorDetail } from '../schemas/error';
import { wireListSchema, wireTextListSchema, wireTextSchema } from './common';

const errorDetailWireSchema = z
  .looseObject({
    resource: wireTextSchema,
    field: wireTextSchema,
    message: wireTextSchema,
    code: wireTextSchema,
    messages: wireTextListSchema,
    codes: wireTextListSchema,
    value: z.unknown().optional(),
  })
  .transform((detail): ErrorDetail => ({
    resource: detail.resource ?? '',
    field: detail.field ?? '',
    message: detail.message ?? detail.messages[0] ?? 'Invalid value',
    code: detail.code ?? detail.codes[0] ?? 'invalid',
    messages: detail.messages.length > 0 ? detail.messages : detail.message ? [detail.message] : [],
    codes: detail.codes.length > 0 ? detail.codes : detail.code ? [detail.code] : [],
    value: detail.value ?? null,
  }));

const errorBodyWireSchema = z.looseObject({
  message: wireTextSchema,
  detail: wireTextSchema,
  title: wireTextSchema,
  error: wireTextSchema,
  errors: wireListSchema(errorDetailWireSchema),
});

/** Longest piece of a foreign text body quoted in a message. */
const QUOTE_MAX = 200;

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line;
}

function htmlTitle(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html) ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(html);
  const title = match?.[1] ? quote(match[1]) : '';
  return title === '' ? null : title;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The Error body for a non-2xx answer: `fallback` is the status's own message, used when the
 * body says nothing better. `code` is always the HTTP status (a server's own `code` may be text).
 */
export function readErrorBody(status: number, text: string, fallback: string): ErrorBody {
  const body = (message: string, errors: ErrorDetail[] = []): ErrorBody => ({
    message,
    code: status,
    errors,
  });
  if (text.trim() === '') return body(fallback);
  const json = parseJson(text);
  if (json.ok) {
    const parsed = errorBodyWireSchema.safeParse(json.value);
    if (!parsed.success) return body(`${fallback}: ${quote(text)}`);
    const { message, detail, title, error, errors } = parsed.data;
    const said = [message, detail, title, error].find(
      (text) => text !== null && text.trim() !== '',
    );
    return body(said ?? fallback, errors);
  }
  if (/^\s*<(!doctype|html|head|body)/i.test(text)) {
    const title = htmlTitle(text);
    const page = 'an HTML page, likely from a proxy or gateway in front of the API';
    return body(title ? `${fallback}: “${title}” (${page})` : `${fallback} with ${page}`);
  }
  return body(`${fallback}: ${quote(text)}`);
}
