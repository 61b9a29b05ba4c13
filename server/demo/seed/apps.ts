/** The demo apps: a healthy internal app, an external one, one with compile errors, and Acme's. */
import { deriveCallbackUrl } from '../../../contract/app-callback';
import { SCOPE_CATALOGUE, type App, type Scope } from '../../../contract/schemas/app';
import { hoursAgo } from './time';

export interface SeedApp {
  siteId: 'demo' | 'acme';
  app: App;
}

const NOTHING_COMPILED = {
  compile_errors: [],
  functions: [],
  routes: [],
  callbacks: [],
  jobs: [],
  schedules: [],
} satisfies Partial<App>;

export function demoApps(now: Date): SeedApp[] {
  const storefrontScopes: Scope[] = [
    'read_orders',
    'read_products',
    'write_inventory',
    'read_customers',
  ];
  const compiled = hoursAgo(now, 2);
  return [
    {
      siteId: 'demo',
      app: {
        key: 'storefront',
        name: 'Storefront',
        url: 'https://shop.demo.example.com',
        domain: 'shop.demo.example.com',
        callback_url: deriveCallbackUrl(
          { key: 'storefront', domain: 'shop.demo.example.com' },
          storefrontScopes,
        ),
        internal: true,
        install_scopes: SCOPE_CATALOGUE.filter((scope) => storefrontScopes.includes(scope)),
        sdk_version: '2.4.1',
        compiled_at: compiled,
        compile_errors: [],
        functions: [
          { name: 'calculate-shipping', updated_at: compiled },
          { name: 'apply-discount', updated_at: compiled },
          { name: 'format-invoice', updated_at: hoursAgo(now, 30) },
        ],
        routes: [
          {
            verb: 'GET',
            path: '/products/:handle',
            constraints: { handle: '[a-z0-9-]+' },
            updated_at: compiled,
          },
          { verb: 'POST', path: '/cart/items', constraints: {}, updated_at: compiled },
          {
            verb: 'GET',
            path: '/orders/:id',
            constraints: { id: '\\d+' },
            updated_at: hoursAgo(now, 30),
          },
        ],
        callbacks: [
          { event: 'order.created', type: 'function', updated_at: compiled },
          { event: 'order.paid', type: 'job', updated_at: compiled },
          { event: 'customer.created', type: 'webhook', updated_at: hoursAgo(now, 50) },
        ],
        jobs: [
          { name: 'sync-inventory', updated_at: compiled },
          { name: 'send-digest', updated_at: compiled },
          { name: 'reindex-search', updated_at: hoursAgo(now, 50) },
        ],
        schedules: [
          {
            name: 'nightly-inventory-sync',
            timing: '0 3 * * *',
            data: { job: 'sync-inventory', full: true },
            updated_at: compiled,
          },
          {
            name: 'quarter-hour-digest',
            timing: '*/15 * * * *',
            data: { job: 'send-digest' },
            updated_at: compiled,
          },
          {
            name: 'weekly-reindex',
            timing: '30 4 * * 1',
            data: { job: 'reindex-search' },
            updated_at: hoursAgo(now, 50),
          },
        ],
        created_at: hoursAgo(now, 24 * 90),
        updated_at: hoursAgo(now, 2),
      },
    },
    {
      siteId: 'demo',
      app: {
        key: 'analytics',
        name: 'Analytics Connector',
        url: 'https://analytics.example.net',
        domain: 'analytics.example.net',
        callback_url: 'https://analytics.example.net/oauth/callback',
        internal: false,
        install_scopes: ['read_customers', 'read_orders', 'read_products'],
        sdk_version: '1.9.0',
        compiled_at: hoursAgo(now, 24 * 6),
        compile_errors: [],
        functions: [{ name: 'track-event', updated_at: hoursAgo(now, 24 * 6) }],
        routes: [
          { verb: 'POST', path: '/events', constraints: {}, updated_at: hoursAgo(now, 24 * 6) },
        ],
        callbacks: [{ event: 'order.paid', type: 'webhook', updated_at: hoursAgo(now, 24 * 6) }],
        jobs: [{ name: 'export-daily', updated_at: hoursAgo(now, 24 * 6) }],
        schedules: [
          {
            name: 'daily-export',
            timing: '15 1 * * *',
            data: { job: 'export-daily' },
            updated_at: hoursAgo(now, 24 * 6),
          },
        ],
        created_at: hoursAgo(now, 24 * 40),
        updated_at: hoursAgo(now, 24 * 6),
      },
    },
    {
      siteId: 'demo',
      app: {
        ...NOTHING_COMPILED,
        key: 'legacy-import',
        name: 'Legacy Import',
        url: 'https://import.demo.example.com',
        domain: 'import.demo.example.com',
        callback_url: 'https://import.demo.example.com/oauth/callback',
        internal: false,
        install_scopes: ['write_products', 'write_inventory'],
        sdk_version: '1.2.3',
        compiled_at: hoursAgo(now, 5),
        compile_errors: [
          "functions/map-product.js:14:9 ReferenceError: 'legacySku' is not defined",
          "routes.json:3:21 Unknown verb 'FETCH' (expected GET, POST, PUT, PATCH or DELETE)",
        ],
        functions: [{ name: 'map-product', updated_at: hoursAgo(now, 5) }],
        jobs: [{ name: 'import-catalogue', updated_at: hoursAgo(now, 24 * 20) }],
        created_at: hoursAgo(now, 24 * 200),
        updated_at: hoursAgo(now, 5),
      },
    },
    {
      siteId: 'acme',
      app: {
        ...NOTHING_COMPILED,
        key: 'acme-shop',
        name: 'Acme Shop',
        url: 'https://shop.acme.example.org',
        domain: 'shop.acme.example.org',
        callback_url: 'https://shop.acme.example.org/oauth/callback',
        internal: false,
        install_scopes: ['read_orders', 'read_products'],
        sdk_version: '2.0.0',
        compiled_at: hoursAgo(now, 24),
        created_at: hoursAgo(now, 24 * 10),
        updated_at: hoursAgo(now, 24),
      },
    },
  ];
}
