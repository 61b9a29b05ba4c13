/**
 * `POST /public/sites/{site}/consent-records` (issue 40, decision 064): the one route a visitor's
 * browser calls, a trust zone of its own. Before the body is read: the site's public key
 * (`X-Consent-Key`, or `?key=` for `navigator.sendBeacon`, which sends no headers), the origin
 * (only the site's listed origins; CORS answers only them), a limit per address and per site
 * (429 with Retry-After). Then the work gate, a 4 kB body (413), JSON sent as `application/json`
 * or `text/plain` (what a beacon can send without a preflight), and 422 for a `config_version`
 * no kept configuration has. The address is stored only as an HMAC with the site's secret.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_CONSENT_RECORD_BODY_BYTES,
  consentRecordAnswerSchema,
  consentRecordInputSchema,
} from '../../../contract/schemas/consent-record';
import {
  HttpError,
  fieldError,
  forbidden,
  tooManyRequests,
  unauthorized,
  validation,
} from '../../http/errors';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../http/json-body';
import { DATABASE_BUSY_RESPONSE, errorResponses } from '../../http/common';
import { TtlCache } from '../../http/ttl-cache';
import { WorkGate } from '../../http/work-gate';
import { registerWorkGate } from '../../http/work-gate-hook';
import { ConfigVersions } from './config-versions';
import type { ConsentRecordWriter } from './record-writer';
import {
  findRecordSettings,
  findRecordSettingsByKey,
  originsOf,
  type ConsentRecordSettingsRow,
} from './record-settings-store';

export interface PublicRecordLimits {
  /** Records one address may send per minute. */
  perAddressPerMinute: number;
  /** Records one site may receive per second. */
  perSitePerSecond: number;
  /** Public requests of one site at work at once (the work gate). */
  perSiteAtWork: number;
}

/** CONSENT_RECORDS_PER_ADDRESS_PER_MINUTE, CONSENT_RECORDS_PER_SITE_PER_SECOND. */
export const DEFAULT_PUBLIC_RECORD_LIMITS: PublicRecordLimits = {
  perAddressPerMinute: 30,
  perSitePerSecond: 500,
  perSiteAtWork: 256,
};

/** How long a key lookup is remembered (a rotation in another instance shows within it). */
const KEY_CACHE_MS = 2_000;
/** User agents are kept to this many characters. */
const MAX_USER_AGENT_CHARS = 500;

declare module 'fastify' {
  interface FastifyRequest {
    /** The settings of the site whose public key the request sent (set before the body is read). */
    consentSite: ConsentRecordSettingsRow | null;
  }
}

export interface PublicRecordOptions {
  writer: ConsentRecordWriter;
  limits?: Partial<PublicRecordLimits>;
}

const siteParams = z.object({ site: z.string().min(1).max(100).describe('The site id') });

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  void reply.header('Access-Control-Allow-Origin', origin);
  void reply.header('Vary', 'Origin');
  void reply.header('Access-Control-Expose-Headers', 'Retry-After');
}

/** The Origin header when the site lists it; 403 otherwise (no CORS header: the browser hides the answer). */
function checkedOrigin(request: FastifyRequest, settings: ConsentRecordSettingsRow): string {
  const origin = headerValue(request.headers.origin);
  if (origin === undefined || !originsOf(settings).includes(origin)) {
    throw forbidden(
      origin === undefined
        ? "Consent records are accepted from browsers on the site's origins only (no Origin header)"
        : `Origin ${origin} is not one of the site's consent record origins`,
    );
  }
  return origin;
}

export function addressHash(secret: string, address: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64url')).update(address).digest('base64url');
}

export const publicConsentRecordRoutes: FastifyPluginAsyncZod<PublicRecordOptions> = async (
  app,
  options,
) => {
  const db = app.db;
  const limits = { ...DEFAULT_PUBLIC_RECORD_LIMITS, ...options.limits };
  const perAddress = new FixedWindowLimiter(limits.perAddressPerMinute, 60_000);
  const perSite = new FixedWindowLimiter(limits.perSitePerSecond, 1_000);
  const keys = new TtlCache<ConsentRecordSettingsRow>(KEY_CACHE_MS);
  const versions = new ConfigVersions(db);

  // A beacon's body is text/plain (anything else needs a preflight sendBeacon cannot make).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body as string, (error, value: unknown) => {
      if (error) done(error);
      else if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(new HttpError(400, `The body is nested deeper than ${MAX_JSON_DEPTH} levels`));
      } else done(null, value);
    });
  });

  app.decorateRequest('consentSite', null);
  registerWorkGate(
    app,
    new WorkGate({ perToken: 0, perSite: limits.perSiteAtWork, maxWaitMs: 2_000 }),
    (request) => ({ token: '', site: request.consentSite?.site_id ?? '' }),
  );

  async function settingsOfKey(key: string): Promise<ConsentRecordSettingsRow | undefined> {
    const cached = keys.get(key);
    if (cached) return cached;
    const row = await findRecordSettingsByKey(db, key);
    if (row) keys.set(key, row);
    return row;
  }

  app.options(
    '/public/sites/:site/consent-records',
    {
      schema: {
        summary: 'CORS preflight of the consent record endpoint',
        tags: ['consent records'],
        security: [],
        params: siteParams,
        response: { 204: z.void().describe('The origin may record'), ...errorResponses([403]) },
      },
    },
    async (request, reply) => {
      const settings = await findRecordSettings(db, request.params.site);
      if (!settings) throw forbidden('This site records no consent');
      allowOrigin(reply, checkedOrigin(request, settings));
      void reply.header('Access-Control-Allow-Methods', 'POST');
      void reply.header('Access-Control-Allow-Headers', 'Content-Type, X-Consent-Key');
      void reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    },
  );

  app.post(
    '/public/sites/:site/consent-records',
    {
      bodyLimit: MAX_CONSENT_RECORD_BODY_BYTES,
      config: { resource: 'consent_record' },
      // Everything that refuses runs before the body is read.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as Record<string, unknown>;
        const key =
          headerValue(request.headers['x-consent-key']) ??
          (typeof query.key === 'string' ? query.key : undefined);
        if (key === undefined || key === '') {
          throw unauthorized("The site's public consent key is required (X-Consent-Key or ?key=)");
        }
        const settings = key.length <= 100 ? await settingsOfKey(key) : undefined;
        const site = (request.params as { site?: string }).site;
        if (!settings || settings.site_id !== site) {
          throw unauthorized('This is not the public consent key of the site');
        }
        allowOrigin(reply, checkedOrigin(request, settings));
        const addressWait = perAddress.take(`${settings.site_id}\u0000${request.ip}`);
        if (addressWait > 0) {
          throw tooManyRequests(
            addressWait,
            'Too many consent records from this address; try again later',
          );
        }
        const siteWait = perSite.take(settings.site_id);
        if (siteWait > 0) {
          throw tooManyRequests(
            siteWait,
            'Too many consent records for this site; try again later',
          );
        }
        request.consentSite = settings;
      },
      schema: {
        summary: "Record a visitor's consent choice (called by the site's banner)",
        description:
          "No token: the site's public consent key as `X-Consent-Key` (or `?key=`, for " +
          '`navigator.sendBeacon`), from one of its origins. The body (JSON, sent as ' +
          '`application/json` or `text/plain`) is at most 4 kB. Answers the consent id (a new ' +
          'one when the body has none).',
        tags: ['consent records'],
        security: [],
        params: siteParams,
        querystring: z.object({ key: z.string().max(100).optional() }),
        body: consentRecordInputSchema,
        response: {
          201: consentRecordAnswerSchema,
          ...errorResponses([400, 401, 403, 413, 415, 422, 429, 500]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const settings = request.consentSite;
      if (!settings) throw unauthorized();
      const body = request.body;
      const version = await versions.resolve(settings.site_id, body.config_version);
      if (version === undefined) {
        throw validation([
          fieldError({
            resource: 'consent_record',
            field: 'config_version',
            code: 'unknown_version',
            message:
              'No consent configuration of this site has this version; export the banner again',
            value: body.config_version,
          }),
        ]);
      }
      const consentId = body.consent_id ?? randomBytes(16).toString('base64url');
      const userAgent = headerValue(request.headers['user-agent']);
      await options.writer.write({
        siteId: settings.site_id,
        consentId,
        createdAt: new Date().toISOString(),
        choices: body.choices,
        configVersion: version,
        configEtag: body.config_version,
        locale: body.locale,
        page: body.page ?? null,
        userAgent: userAgent === undefined ? null : userAgent.slice(0, MAX_USER_AGENT_CHARS),
        ipHash: addressHash(settings.hash_secret, request.ip),
      });
      return reply.code(201).send({ consent_id: consentId });
    },
  );
};
