/**
 * Issue 28: any sequence of partial translation PUTs, removals, changes of the default's fields
 * and If-Match (fresh, stale, none) leaves the service in the state a plain model predicts,
 * `outdated` and `based_on` included, and answers the status the model predicts (both engines,
 * via TEST_ENGINE). The demo site has en (default), nl and fr; `de` is not one of its languages.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/schemas/notification';
import {
  fetchNotification,
  startTestApi,
  type TestApi,
} from '../../platform/test-support.test-helper';

const SLUG = 'shipping-update';
const SUBJECTS = ['A', 'B {{ x }}', '', '{% if x %}'];
const BODIES = ['one', 'two {{ y }}', '{% for %}'];
const LOCALES = ['nl', 'fr', 'de', 'en'];
const SITE_LOCALES = ['nl', 'fr'];

type Field = 'subject' | 'text' | 'html';
interface Content {
  subject: string;
  text: string;
  html: string;
}
interface ModelTranslation extends Content {
  based_on: Content;
}
interface Model {
  main: Content;
  translations: Record<string, ModelTranslation>;
  version: number;
}

type Precondition = 'fresh' | 'stale' | 'none';
type Command =
  | { kind: 'translate'; locale: string; change: Partial<Content>; when: Precondition }
  | { kind: 'remove'; locale: string; when: Precondition }
  | { kind: 'main'; field: Field; value: string; when: Precondition };

const precondition = fc.constantFrom<Precondition>('fresh', 'stale', 'none');
const fieldValue = (field: Field) => fc.constantFrom(...(field === 'subject' ? SUBJECTS : BODIES));
const change = fc.record(
  { subject: fieldValue('subject'), text: fieldValue('text'), html: fieldValue('html') },
  { requiredKeys: [] },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('translate' as const),
    locale: fc.constantFrom(...LOCALES),
    change,
    when: precondition,
  }),
  fc.record({
    kind: fc.constant('remove' as const),
    locale: fc.constantFrom(...LOCALES),
    when: precondition,
  }),
  fc.constantFrom<Field>('subject', 'text', 'html').chain((field) =>
    fc.record({
      kind: fc.constant('main' as const),
      field: fc.constant(field),
      value: fieldValue(field),
      when: precondition,
    }),
  ),
);

const badLiquid = (value: string | undefined) => value !== undefined && value.includes('{%');

/** The status the model predicts, and the model after the command. */
function step(model: Model, cmd: Command, staleVersion: number): { status: number; next: Model } {
  // The body's schema is checked before If-Match: a sent subject may not be empty.
  const sentSubject =
    cmd.kind === 'main'
      ? cmd.field === 'subject' && cmd.value
      : cmd.kind === 'translate' && cmd.change.subject;
  if (sentSubject === '') return { status: 422, next: model };
  if (cmd.when === 'stale' && staleVersion !== model.version) return { status: 412, next: model };
  const refuse = { status: 422, next: model };
  const translations = { ...model.translations };
  let main = model.main;
  if (cmd.kind === 'main') {
    if (badLiquid(cmd.value) || (cmd.field === 'subject' && cmd.value.trim() === '')) return refuse;
    // html_enabled: the HTML may not be empty (no empty value is in the HTML pool).
    main = { ...main, [cmd.field]: cmd.value };
  } else {
    if (!SITE_LOCALES.includes(cmd.locale)) return refuse;
    if (cmd.kind === 'remove') {
      if (!translations[cmd.locale]) return refuse;
      delete translations[cmd.locale]; // eslint-disable-line @typescript-eslint/no-dynamic-delete -- a local copy
    } else {
      const before = translations[cmd.locale] ?? { subject: '', text: '', html: '' };
      const merged = {
        subject: cmd.change.subject ?? before.subject,
        text: cmd.change.text ?? before.text,
        html: cmd.change.html ?? before.html,
      };
      if (merged.subject.trim() === '' || Object.values(cmd.change).some(badLiquid)) return refuse;
      translations[cmd.locale] = { ...merged, based_on: main };
    }
  }
  const next = { main, translations, version: model.version };
  const changed = JSON.stringify(next) !== JSON.stringify(model);
  return { status: 200, next: changed ? { ...next, version: model.version + 1 } : model };
}

function bodyOf(cmd: Command): unknown {
  if (cmd.kind === 'main') return { [cmd.field]: cmd.value };
  if (cmd.kind === 'remove') return { translations: { [cmd.locale]: null } };
  return { translations: { [cmd.locale]: cmd.change } };
}

function observed(n: Notification): unknown {
  return {
    main: { subject: n.subject, text: n.text, html: n.html },
    translations: Object.fromEntries(
      Object.entries(n.translations).map(([locale, t]) => [
        locale,
        {
          subject: t.subject,
          text: t.text,
          html: t.html,
          based_on: t.based_on,
          outdated: t.outdated,
        },
      ]),
    ),
  };
}

function expected(model: Model): unknown {
  return {
    main: model.main,
    translations: Object.fromEntries(
      Object.entries(model.translations).map(([locale, t]) => [
        locale,
        { ...t, outdated: JSON.stringify(t.based_on) !== JSON.stringify(model.main) },
      ]),
    ),
  };
}

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

function current(): Promise<{ n: Notification; etag: string }> {
  return fetchNotification(api, SLUG);
}

/** Back to a known state: the model's start. */
async function reset(): Promise<Model> {
  const { n } = await current();
  const main = { subject: 'A', text: 'one', html: 'one' };
  const removals = Object.fromEntries(Object.keys(n.translations).map((locale) => [locale, null]));
  const res = await api.request('PUT', `/notifications/${SLUG}`, {
    body: { ...main, translations: removals },
  });
  expect(res.status).toBe(200);
  return { main, translations: {}, version: 0 };
}

describe('translations model', () => {
  it('any sequence of translation and default changes ends where the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 10 }), async (commands) => {
        let model = await reset();
        const stale = (await current()).etag;
        const staleVersion = model.version;
        let etag = stale;
        for (const cmd of commands) {
          const predicted = step(model, cmd, staleVersion);
          const headers: Record<string, string> =
            cmd.when === 'none' ? {} : { 'If-Match': cmd.when === 'stale' ? stale : etag };
          const res = await api.request('PUT', `/notifications/${SLUG}`, {
            body: bodyOf(cmd),
            headers,
          });
          expect(res.status, JSON.stringify(cmd)).toBe(predicted.status);
          const now = await current();
          expect(observed(now.n), JSON.stringify(cmd)).toEqual(expected(predicted.next));
          // The ETag moves exactly when the state does.
          expect(now.etag === etag, JSON.stringify(cmd)).toBe(
            predicted.next.version === model.version,
          );
          etag = now.etag;
          model = predicted.next;
        }
      }),
      { numRuns: 50 },
    );
  }, 300_000);
});
