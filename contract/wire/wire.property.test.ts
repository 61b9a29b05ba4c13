// Property tests of the wire schemas: whatever a server of the spec sends in place of a full
// object (fields missing, null or of another type, unknown fields, ids as numbers, dates with an
// offset or no fraction), parsing never fails, identity survives, kept values read the same and
// unknown fields are kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../schemas/app-log';
import { appLogEntryWireSchema } from './app-log';
import { appWireSchema } from './app';
import { consentConfigWireSchema } from './consent';
import { readErrorBody } from './error';
import { notificationRef, notificationWireSchema } from './notification';
import { dateVariant, idVariant, sparseVariant } from './wire-variants.test-helper';

const RUNS = 200;
const T = '2026-03-01T10:00:00.000Z';

const fullJob = { name: 'sync', updated_at: T };
const fullRoute = { verb: 'get', path: '/orders', constraints: { id: '\\d+' }, updated_at: T };
const fullApp = {
  key: 'storefront',
  name: 'Storefront',
  url: 'https://shop.example.com',
  domain: 'shop.example.com',
  callback_url: 'https://shop.example.com/cb',
  internal: false,
  install_scopes: ['read_orders'],
  created_at: T,
  updated_at: T,
  sdk_version: '2.4.1',
  compiled_at: T,
  compile_errors: [],
  functions: [{ name: 'checkout', updated_at: T }],
  routes: [fullRoute],
  callbacks: [{ event: 'order.paid', type: 'webhook', updated_at: T }],
  jobs: [fullJob],
  schedules: [{ name: 'nightly', timing: '0 3 * * *', data: {}, updated_at: T }],
};

describe('app wire schema', () => {
  it('parses any sparse app, keeping its key, kept values and unknown fields', () => {
    fc.assert(
      fc.property(
        sparseVariant(fullApp, ['key']),
        idVariant,
        fc.array(sparseVariant(fullJob, []), { maxLength: 3 }),
        ({ value, outcome, extra }, key, jobs) => {
          const parsed = appWireSchema.parse({
            ...value,
            key,
            ...(outcome.jobs === 'keep' ? { jobs: jobs.map((job) => job.value) } : {}),
          });
          expect(parsed.key).toBe(String(key));
          expect(parsed).toMatchObject(extra);
          for (const [field, what] of Object.entries(outcome)) {
            if (field === 'key' || field === 'jobs') continue;
            const got: unknown = parsed[field];
            if (what === 'keep') expect(got).toEqual(fullApp[field as keyof typeof fullApp]);
            // Lists come out empty, everything else null.
            else
              expect(got).toEqual(
                Array.isArray(fullApp[field as keyof typeof fullApp]) ? [] : null,
              );
          }
          if (outcome.jobs === 'keep') expect(parsed.jobs).toHaveLength(jobs.length);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('reads date-times with an offset, without fraction or as epoch seconds as the same instant', () => {
    fc.assert(
      fc.property(dateVariant, ({ instant, text }) => {
        const parsed = appWireSchema.parse({
          key: 'a',
          updated_at: text,
          jobs: [{ updated_at: text }],
        });
        expect(parsed.updated_at).toBe(new Date(instant).toISOString());
        expect(parsed.jobs[0]?.updated_at).toBe(new Date(instant).toISOString());
      }),
      { numRuns: RUNS },
    );
  });

  it('fails only without a key', () => {
    expect(appWireSchema.safeParse({ name: 'No key' }).success).toBe(false);
    expect(appWireSchema.safeParse({ key: 7 }).success).toBe(true);
  });
});

const fullNotification = {
  id: 'n_1',
  slug: 'order-paid',
  url: 'https://api.example.com/notifications/order-paid',
  created_at: T,
  updated_at: T,
  html_enabled: true,
  description: 'Sent when an order is paid',
  name: 'Order paid',
  subject: 'Thanks for {{ order.number }}',
  text: 'Hello',
  html: '<p>Hello</p>',
};

describe('notification wire schema', () => {
  it('parses any sparse notification that has a slug or an id, and names it by one of them', () => {
    const identity = fc.constantFrom('both', 'slug', 'id');
    fc.assert(
      fc.property(
        sparseVariant(fullNotification, ['id', 'slug']),
        identity,
        idVariant,
        ({ value, outcome, extra }, which, id) => {
          const input: Record<string, unknown> = {
            ...value,
            id: which === 'slug' ? undefined : id,
          };
          if (which === 'id') delete input.slug;
          const parsed = notificationWireSchema.parse(input);
          expect(notificationRef(parsed)).toBe(which === 'id' ? String(id) : 'order-paid');
          expect(parsed).toMatchObject(extra);
          for (const [field, what] of Object.entries(outcome)) {
            if (field === 'id' || field === 'slug') continue;
            const got: unknown = parsed[field];
            if (what === 'keep') {
              expect(got).toEqual(fullNotification[field as keyof typeof fullNotification]);
            } else expect(got).toBeNull();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('fails only with neither slug nor id', () => {
    expect(notificationWireSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(notificationWireSchema.safeParse({ slug: '', id: null }).success).toBe(false);
  });
});

const fullConsent = {
  privacy_policy_kind: 'url',
  privacy_policy_url: { en: 'https://example.com/privacy' },
  privacy_policy_page_id: null,
  purposes: [{ name: 'analytics', description: { en: 'Counting visits' } }],
  applications: [
    {
      name: 'matomo',
      title: { en: 'Matomo' },
      description: {},
      purposes: ['analytics'],
      required: false,
      default: true,
      opt_out: false,
      placeholder_message: {},
      placeholder_action: {},
      cookies: [],
    },
  ],
  cookies: [{ id: 'c1', name: '_pk_id', path: '/', domain: '', application: 'matomo' }],
};

describe('consent wire schema', () => {
  it('parses any sparse configuration: missing lists empty, missing text empty, extras kept', () => {
    fc.assert(
      fc.property(
        sparseVariant(fullConsent, []),
        sparseVariant(fullConsent.applications[0] ?? {}, []),
        ({ value, outcome, extra }, application) => {
          const parsed = consentConfigWireSchema.parse({
            ...value,
            ...(outcome.applications === 'keep' ? { applications: [application.value] } : {}),
          });
          expect(parsed).toMatchObject(extra);
          if (outcome.purposes !== 'keep') expect(parsed.purposes).toEqual([]);
          if (outcome.privacy_policy_kind !== 'keep') expect(parsed.privacy_policy_kind).toBe('');
          if (outcome.applications === 'keep') {
            const [app] = parsed.applications;
            expect(app?.purposes).toEqual(
              application.outcome.purposes === 'keep' ? ['analytics'] : [],
            );
            expect(typeof app?.required).toBe('boolean');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('app log entry wire schema', () => {
  const level = fc.oneof(
    fc.constantFrom(...LOG_LEVELS).map((name) => name.toUpperCase()),
    fc.constantFrom('Warning', 'WARN', 'verbose', ''),
    fc.constant(null),
  );
  const data = fc.oneof(fc.string(), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })));
  const time = fc.double({ min: 1e9, max: 2e9, noNaN: true });

  it('parses entries with any level, data as text, context missing, time as text', () => {
    fc.assert(
      fc.property(
        sparseVariant({ level: 'info', data: {}, context: {}, created_at: T }, []),
        idVariant,
        level,
        data,
        time,
        fc.boolean(),
        ({ value, extra }, id, lvl, payload, seconds, timeAsText) => {
          const parsed = appLogEntryWireSchema.parse({
            ...value,
            id,
            level: lvl,
            data: payload,
            time: timeAsText ? String(seconds) : seconds,
          });
          expect(parsed.id).toBe(String(id));
          expect(LOG_LEVELS).toContain(parsed.level);
          expect(parsed.time).toBe(seconds);
          expect(Number.isNaN(Date.parse(parsed.created_at))).toBe(false);
          expect(parsed).toMatchObject(extra);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('needs an id and a time', () => {
    expect(appLogEntryWireSchema.safeParse({ id: 1 }).success).toBe(false);
    expect(appLogEntryWireSchema.safeParse({ time: 1 }).success).toBe(false);
  });
});

describe('foreign error bodies', () => {
  const body = fc.oneof(
    fc.string(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc
      .record({
        message: fc.option(fc.string()),
        code: fc.oneof(fc.integer(), fc.string()),
        errors: fc.option(fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })))),
      })
      .map((value) => JSON.stringify(value)),
    fc.string().map((title) => `<!DOCTYPE html><html><head><title>${title}</title></head></html>`),
  );

  it('always becomes an Error body with a message and the HTTP status as code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), body, (status, text) => {
        const error = readErrorBody(status, text, `The server answered ${status}`);
        expect(error.code).toBe(status);
        expect(error.message.trim()).not.toBe('');
        expect(Array.isArray(error.errors)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('says what a proxy page, plain text and a string code mean', () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head></html>';
    expect(readErrorBody(502, page, 'Bad gateway').message).toBe(
      'Bad gateway: “502 Bad Gateway” (an HTML page, likely from a proxy or gateway in front of the API)',
    );
    expect(readErrorBody(500, 'upstream timed out', 'Failed').message).toBe(
      'Failed: upstream timed out',
    );
    expect(
      readErrorBody(422, JSON.stringify({ message: 'Invalid', code: 'VALIDATION' }), 'x'),
    ).toEqual({ message: 'Invalid', code: 422, errors: [] });
    expect(
      readErrorBody(422, JSON.stringify({ errors: [{ field: 'domain', message: 'Bad' }] }), 'x')
        .errors[0],
    ).toMatchObject({ field: 'domain', message: 'Bad', messages: ['Bad'] });
  });
});
