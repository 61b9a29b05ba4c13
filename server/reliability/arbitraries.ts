/**
 * fast-check inputs for the reliability suite: request bodies that are mostly the right shape
 * with wrong, hostile or oversized values mixed in, plus bodies of any JSON and text that is
 * not JSON at all. Valid values are common enough that writes succeed too.
 */
import fc from 'fast-check';
import { SCOPE_CATALOGUE } from '../../contract/schemas/app';
import { LOG_LEVELS } from '../../contract/schemas/app-log';
import { LOG_JOB_MATCHES } from '../../contract/schemas/app-log-find';
import { REVISION_RESOURCES } from '../../contract/schemas/audit';
import { CONSENT_MODE_SIGNALS, PRIVACY_POLICY_KINDS } from '../../contract/schemas/consent';

/** What a request sends: a JSON value, or text sent as is with a JSON content type. */
export type FuzzBody = { json: unknown } | { raw: string };

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'https://ok.example/privacy',
  '/privacy',
  '{% if %}',
  '{{ a',
  '{% raw %}',
  '0050-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  'NaN',
  '-0',
  '1e999',
  '"',
  "' OR 1=1 --",
  'level:error',
  'NEAR(a b)',
  '*',
  'x'.repeat(300),
  '\u{1F600}'.repeat(40),
  '\uD800',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Arrays and objects nested 1 to 200 levels: past 64 a body is refused. */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 1, max: 200 }), fc.boolean(), fc.constantFrom('x', 1, null, 'bogus'))
  .map(([depth, arrays, leaf]) => {
    let value: unknown = leaf;
    for (let level = 0; level < depth; level++) value = arrays ? [value] : { a: value };
    return value;
  });

export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  deepValue,
);

/** A value of the right kind most of the time, anything else otherwise. */
const sometimesValid = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: anyJson });

/**
 * An object of some of these fields, all valid or each maybe wrong (and then maybe with unknown
 * fields), or any JSON, or text that is not JSON.
 */
function fuzzBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<FuzzBody> {
  const mixed = Object.fromEntries(
    Object.entries(fields).map(([name, valid]) => [name, sometimesValid(valid)]),
  );
  const valid = fc.record(fields, { requiredKeys: [] }).map((json) => ({ json }));
  const wrong = fc
    .tuple(
      fc.record(mixed, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([object, extra, withExtra]) => ({ json: withExtra ? { ...extra, ...object } : object }));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: wrong },
    { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
  );
}

const webUrl = fc.webUrl({ validSchemes: ['https'] });
const nestedIfs = fc
  .integer({ min: 1, max: 120 })
  .map((levels) => '{% if a %}'.repeat(levels) + 'x' + '{% endif %}'.repeat(levels));
const template = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('Hello {{ customer.first_name }}', '{% for i in items %}{{ i }}{% endfor %}'),
  nestedIfs,
  hostileString,
);

export const appPatchBody = fuzzBody({
  name: fc.string({ minLength: 1, maxLength: 120 }),
  url: webUrl,
  domain: fc.domain(),
  callback_url: webUrl,
  internal: fc.boolean(),
  install_scopes: fc.subarray([...SCOPE_CATALOGUE]),
  sdk_version: fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((parts) => parts.join('.')),
});

const locale = fc.constantFrom('en', 'de', 'fr-CA', 'xx', '', 'EN_us', '../');
export const consentPatchBody = fuzzBody({
  privacy_policy_kind: fc.constantFrom(...PRIVACY_POLICY_KINDS),
  privacy_policy_url: fc.dictionary(locale, fc.oneof(webUrl, fc.constant('/privacy')), {
    maxKeys: 3,
  }),
  privacy_policy_page_id: fc.option(fc.string({ minLength: 1, maxLength: 30 })),
  // Issue 30: the demo's purposes, one it does not have, and a signal gtag does not know.
  consent_mode: fc.option(
    fc.dictionary(
      fc.constantFrom(...CONSENT_MODE_SIGNALS, 'functionality_storage'),
      fc.subarray(['functional', 'analytics', 'marketing', 'stats']),
      { maxKeys: 4 },
    ),
  ),
});

export const notificationPutBody = fuzzBody({
  name: fc.string({ maxLength: 220 }),
  description: fc.string({ maxLength: 50 }),
  subject: template,
  text: template,
  html: template,
  html_enabled: fc.boolean(),
  // Issue 38: no layout, or one the site does not have (a 422 that must change nothing).
  layout: fc.constantFrom(null, 'nope', ''),
  // Issue 28: the demo site's nl and fr, its default, one it does not have, odd keys; null removes.
  translations: fc.dictionary(
    fc.constantFrom('nl', 'fr', 'en', 'de', 'NL', 'xx-', ''),
    fc.option(
      fc.record({ subject: template, text: template, html: template }, { requiredKeys: [] }),
    ),
    { maxKeys: 3 },
  ),
});

// Issue 38: a layout's fields, with zero, one or two `{{ content }}`, and its translations.
const layoutTemplate = fc.oneof(
  template,
  template.map((t) => `${t}{{ content }}`),
);
export const layoutPutBody = fuzzBody({
  name: fc.string({ maxLength: 220 }),
  html: layoutTemplate,
  text: layoutTemplate,
  translations: fc.dictionary(
    fc.constantFrom('nl', 'fr', 'en', 'de', ''),
    fc.option(fc.record({ html: layoutTemplate, text: layoutTemplate }, { requiredKeys: [] })),
    { maxKeys: 2 },
  ),
});

// Issue 28: the site's languages. Known tags (the demo's en, nl, fr and two more), tags that are
// not canonical or not tags at all; a default that may or may not be among them.
const languageTag = fc.constantFrom('en', 'nl', 'fr', 'de', 'fr-CA', 'FR-ca', 'xx-', '', 'en_US');
export const siteSettingsPatchBody = fuzzBody({
  name: fc.string({ maxLength: 220 }),
  default_locale: languageTag,
  locales: fc.array(languageTag, { maxLength: 5 }),
});

const logEntry = fc.record(
  {
    level: fc.constantFrom(...LOG_LEVELS, 'ERROR', 'Warn'),
    data: fc.oneof(fc.object({ maxDepth: 2 }), fc.string()),
    context: fc.option(
      fc.oneof(
        fc.object({ maxDepth: 2 }),
        // Job names at and past their bound (200 characters, no NUL; issue 42).
        fc
          .oneof(
            fc.constantFrom('sync-orders', 'x'.repeat(200), 'x'.repeat(201), 'a\u0000b', ''),
            fc.string({ maxLength: 260 }),
          )
          .map((name) => ({ job: { name } })),
      ),
    ),
    created_at: fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((date) => date.toISOString()),
  },
  { requiredKeys: ['level', 'data'] },
);
const wrongLogEntry = fc.record(
  { level: anyJson, data: anyJson, context: anyJson, created_at: anyJson },
  { requiredKeys: [] },
);
export const logIngestBody = fuzzBody({
  logs: fc.array(fc.oneof({ weight: 9, arbitrary: logEntry }, wrongLogEntry), {
    minLength: 1,
    maxLength: 5,
  }),
});

const timeBound = fc.oneof(
  fc.double({ noNaN: false }).map(String),
  fc.integer({ min: -1e10, max: 4e9 }).map(String),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  hostileString,
);
const searchText = fc.oneof(
  fc
    .array(fc.constantFrom('checkout', 'failed', 'level:error', '"order 12"', '-x', 'ab'), {
      maxLength: 30,
    })
    .map((words) => words.join(' ')),
  hostileString,
);

/** Query parameters of `GET /apps/{app_id}/logs`, each present or not, each maybe wrong. */
export const logQuery: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    since: timeBound,
    before: timeBound,
    level: fc.oneof(fc.constantFrom(...LOG_LEVELS), hostileString),
    q: searchText,
    job: fc.oneof(fc.constantFrom('sync', 'SYNC-', 'x'.repeat(201), '%', '_'), hostileString),
    job_match: fc.oneof(fc.constantFrom(...LOG_JOB_MATCHES), hostileString),
    limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), hostileString),
    // Exact field conditions (decision 055).
    where: fc.oneof(fc.constantFrom('message:x', 'status:500', 'a.b:1', ':'), hostileString),
  },
  { requiredKeys: [] },
);

/**
 * The finding routes of decision 052: `GET /apps/{app_id}/logs/jobs` and
 * `GET /apps/{app_id}/logs/{id}/context`, with valid and hostile parameters.
 */
export const logFindRequest: fc.Arbitrary<string> = fc.oneof(
  fc
    .record(
      {
        prefix: fc.oneof(fc.constantFrom('s', 'sync', ''), hostileString),
        contains: fc.oneof(fc.constantFrom('in', 'ORDER'), hostileString),
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), hostileString),
      },
      { requiredKeys: [] },
    )
    .map((query) => `/apps/storefront/logs/jobs?${new URLSearchParams(query).toString()}`),
  fc
    .tuple(
      fc.oneof(
        fc.integer({ min: 0, max: 30_000 }).map((id) => String(id).padStart(16, '0')),
        // Well-formed text only: a lone surrogate cannot be percent-encoded into a path.
        fc.string({ minLength: 1, maxLength: 120, unit: 'grapheme' }),
      ),
      fc.record(
        {
          before: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), hostileString),
          after: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), hostileString),
        },
        { requiredKeys: [] },
      ),
    )
    .map(
      ([id, query]) =>
        `/apps/storefront/logs/${encodeURIComponent(id)}/context?${new URLSearchParams(query).toString()}`,
    ),
  // Field facets (issue 30) with the names and bounds of issue 42.
  fc
    .record(
      {
        field: fc.oneof(
          fc.constantFrom('message', 'a.b', 'with space', 'x'.repeat(101)),
          hostileString,
        ),
        since: timeBound,
        before: timeBound,
        q: searchText,
      },
      { requiredKeys: [] },
    )
    .map((query) => `/apps/storefront/logs/facets?${new URLSearchParams(query).toString()}`),
);

/** `GET /audit`'s query (issue 29): valid filters and paging, and hostile text in each. */
export const auditQuery: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    resource: fc.oneof(fc.constantFrom(...REVISION_RESOURCES), hostileString),
    resource_id: fc.oneof(fc.constantFrom('welcome', 'storefront', 'demo'), hostileString),
    actor: fc.oneof(fc.constant('admin@example.com'), hostileString),
    before: fc.oneof(fc.integer({ min: -5, max: 100_000 }).map(String), hostileString),
    limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), hostileString),
  },
  { requiredKeys: [] },
);

/** `PATCH /members/{user_id}` (issue 29): a role, or not. */
export const memberPatchBody = fuzzBody({
  role: fc.constantFrom('viewer', 'editor', 'admin', 'owner', 'Admin', ''),
});

/** `POST /tokens` (issue 29): a name and an expiry in days, each maybe wrong. */
export const tokenPostBody = fuzzBody({
  name: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), hostileString),
  expires_in_days: fc.oneof(fc.integer({ min: -2, max: 400 }), fc.double()),
});

/** `POST /log-views` (issue 30): a name, maybe an app, and a log query, each maybe wrong. */
export const logViewPostBody = fuzzBody({
  name: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), hostileString),
  app_id: fc.oneof(fc.constantFrom(null, 'storefront', 'nope'), hostileString),
  query: fc.oneof(
    // Mostly a valid query, so that enough bodies are saved for the property to prove something.
    {
      weight: 3,
      arbitrary: fc.record(
        {
          range: fc.constantFrom('live', '15m', '1h', '24h', '7d'),
          level: fc.constantFrom('debug', 'info', 'warn', 'error', 'fatal'),
          q: fc.string({ maxLength: 40 }),
        },
        { requiredKeys: ['range'] },
      ),
    },
    fc.record(
      {
        range: fc.constantFrom('live', '15m', '1h', '24h', '7d', 'custom', 'later'),
        q: fc.oneof(fc.string({ maxLength: 40 }), hostileString),
        level: fc.constantFrom('debug', 'info', 'warn', 'error', 'fatal', 'WARN', 'loud'),
        job: fc.oneof(fc.string({ maxLength: 20 }), hostileString),
        job_match: fc.constantFrom('exact', 'prefix', 'contains', 'regex'),
        since: fc.oneof(fc.constant('2026-11-26T10:00:00Z'), hostileString),
        before: fc.oneof(fc.constant('2026-11-26T11:00:00Z'), hostileString),
      },
      { requiredKeys: [] },
    ),
    anyJson,
  ),
});
