/**
 * The demo data (DEMO=1, on an empty database): sites `demo` and `acme`.
 *
 * Template variables the demo notifications use (the editor's samples follow these names):
 * - order mails (order-confirmation, invoice, shipping-update): `order.number`, `order.lines`
 *   (each `name`, `quantity`, `price`), `order.total`, `customer.first_name`, `customer.email`,
 *   `shop.name`; shipping-update also `shipment.carrier`, `shipment.tracking_url`;
 *   invoice also `invoice.number`, `invoice.due_date`;
 * - password-reset: `reset_url`, `customer.first_name`, `shop.name`;
 * - welcome: `customer.first_name`, `shop.name`, `shop.url`;
 * - contact-form: `form.name`, `form.email`, `form.message`, `shop.name`.
 */
import type { Kysely } from 'kysely';
import { deriveCallbackUrl } from '../../src/api/app-callback';
import { SCOPE_CATALOGUE, type Scope } from '../../src/api/schemas/app';
import { insertApp } from '../store/apps';
import {
  insertConsentApplication,
  insertConsentConfig,
  insertConsentCookie,
} from '../store/consent';
import { writeTransaction, type Database } from '../store/db';
import { insertNotification, newNotificationId } from '../store/notifications';
import { createSite } from '../store/sites';

export const DEMO_SITES = [
  { id: 'demo', name: 'Demo Store' },
  { id: 'acme', name: 'Acme Corporation' },
] as const;

/** Whether the database has no sites yet (the demo is seeded only then). */
export async function isEmptyDatabase(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

function hoursAgo(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * 3_600_000).toISOString();
}

const json = (value: unknown): string => JSON.stringify(value);

async function seedApps(db: Kysely<Database>, now: Date): Promise<void> {
  const storefrontScopes: Scope[] = [
    'read_orders',
    'read_products',
    'write_inventory',
    'read_customers',
  ];
  const compiled = hoursAgo(now, 2);
  await insertApp(db, {
    site_id: 'demo',
    key: 'storefront',
    name: 'Storefront',
    url: 'https://shop.demo.example.com',
    domain: 'shop.demo.example.com',
    callback_url: deriveCallbackUrl(
      { key: 'storefront', domain: 'shop.demo.example.com' },
      storefrontScopes,
    ),
    internal: 1,
    install_scopes: json(SCOPE_CATALOGUE.filter((scope) => storefrontScopes.includes(scope))),
    sdk_version: '2.4.1',
    compiled_at: compiled,
    compile_errors: '[]',
    functions: json([
      { name: 'calculate-shipping', updated_at: compiled },
      { name: 'apply-discount', updated_at: compiled },
      { name: 'format-invoice', updated_at: hoursAgo(now, 30) },
    ]),
    routes: json([
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
    ]),
    callbacks: json([
      { event: 'order.created', type: 'function', updated_at: compiled },
      { event: 'order.paid', type: 'job', updated_at: compiled },
      { event: 'customer.created', type: 'webhook', updated_at: hoursAgo(now, 50) },
    ]),
    jobs: json([
      { name: 'sync-inventory', updated_at: compiled },
      { name: 'send-digest', updated_at: compiled },
      { name: 'reindex-search', updated_at: hoursAgo(now, 50) },
    ]),
    schedules: json([
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
    ]),
    created_at: hoursAgo(now, 24 * 90),
    updated_at: hoursAgo(now, 2),
    version: 1,
  });

  await insertApp(db, {
    site_id: 'demo',
    key: 'analytics',
    name: 'Analytics Connector',
    url: 'https://analytics.example.net',
    domain: 'analytics.example.net',
    callback_url: 'https://analytics.example.net/oauth/callback',
    internal: 0,
    install_scopes: json(['read_customers', 'read_orders', 'read_products']),
    sdk_version: '1.9.0',
    compiled_at: hoursAgo(now, 24 * 6),
    compile_errors: '[]',
    functions: json([{ name: 'track-event', updated_at: hoursAgo(now, 24 * 6) }]),
    routes: json([
      { verb: 'POST', path: '/events', constraints: {}, updated_at: hoursAgo(now, 24 * 6) },
    ]),
    callbacks: json([{ event: 'order.paid', type: 'webhook', updated_at: hoursAgo(now, 24 * 6) }]),
    jobs: json([{ name: 'export-daily', updated_at: hoursAgo(now, 24 * 6) }]),
    schedules: json([
      {
        name: 'daily-export',
        timing: '15 1 * * *',
        data: { job: 'export-daily' },
        updated_at: hoursAgo(now, 24 * 6),
      },
    ]),
    created_at: hoursAgo(now, 24 * 40),
    updated_at: hoursAgo(now, 24 * 6),
    version: 1,
  });

  await insertApp(db, {
    site_id: 'demo',
    key: 'legacy-import',
    name: 'Legacy Import',
    url: 'https://import.demo.example.com',
    domain: 'import.demo.example.com',
    callback_url: 'https://import.demo.example.com/oauth/callback',
    internal: 0,
    install_scopes: json(['write_products', 'write_inventory']),
    sdk_version: '1.2.3',
    compiled_at: hoursAgo(now, 5),
    compile_errors: json([
      "functions/map-product.js:14:9 ReferenceError: 'legacySku' is not defined",
      "routes.json:3:21 Unknown verb 'FETCH' (expected GET, POST, PUT, PATCH or DELETE)",
    ]),
    functions: json([{ name: 'map-product', updated_at: hoursAgo(now, 5) }]),
    routes: '[]',
    callbacks: '[]',
    jobs: json([{ name: 'import-catalogue', updated_at: hoursAgo(now, 24 * 20) }]),
    schedules: '[]',
    created_at: hoursAgo(now, 24 * 200),
    updated_at: hoursAgo(now, 5),
    version: 1,
  });

  await insertApp(db, {
    site_id: 'acme',
    key: 'acme-shop',
    name: 'Acme Shop',
    url: 'https://shop.acme.example.org',
    domain: 'shop.acme.example.org',
    callback_url: 'https://shop.acme.example.org/oauth/callback',
    internal: 0,
    install_scopes: json(['read_orders', 'read_products']),
    sdk_version: '2.0.0',
    compiled_at: hoursAgo(now, 24),
    compile_errors: '[]',
    functions: '[]',
    routes: '[]',
    callbacks: '[]',
    jobs: '[]',
    schedules: '[]',
    created_at: hoursAgo(now, 24 * 10),
    updated_at: hoursAgo(now, 24),
    version: 1,
  });
}

const en_nl = (en: string, nl: string) => json({ en, nl });

async function seedConsent(db: Kysely<Database>, now: Date): Promise<void> {
  const at = hoursAgo(now, 24 * 3);
  await insertConsentConfig(db, {
    site_id: 'demo',
    privacy_policy_kind: 'url',
    privacy_policy_url: json({
      en: 'https://demo.example.com/privacy',
      nl: 'https://demo.example.com/nl/privacy',
    }),
    privacy_policy_page_id: null,
    purposes: json([
      {
        name: 'functional',
        description: {
          en: 'Needed for the shop to work: cart, sign-in and checkout.',
          nl: 'Nodig om de winkel te laten werken: winkelwagen, inloggen en afrekenen.',
        },
      },
      {
        name: 'analytics',
        description: {
          en: 'Helps us understand how visitors use the shop.',
          nl: 'Helpt ons te begrijpen hoe bezoekers de winkel gebruiken.',
        },
      },
      {
        name: 'marketing',
        description: {
          en: 'Personalised offers and advertising on other sites.',
          nl: 'Persoonlijke aanbiedingen en advertenties op andere sites.',
        },
      },
    ]),
    created_at: hoursAgo(now, 24 * 60),
    updated_at: at,
    version: 1,
  });

  const applications = [
    {
      name: 'session',
      title: en_nl('Shop session', 'Winkelsessie'),
      description: en_nl(
        'Keeps your cart and sign-in while you shop.',
        'Bewaart je winkelwagen en login tijdens het winkelen.',
      ),
      purposes: ['functional'],
      required: 1,
      default_enabled: 1,
      // Required and opt-out at once: a contradiction the consent checks point out.
      opt_out: 1,
    },
    {
      name: 'google-analytics',
      title: en_nl('Google Analytics', 'Google Analytics'),
      description: en_nl('Visitor statistics.', 'Bezoekersstatistieken.'),
      purposes: ['analytics'],
      required: 0,
      // On by default without being required: the consent checks warn about this.
      default_enabled: 1,
      opt_out: 0,
    },
    {
      name: 'hotjar',
      title: en_nl('Hotjar', 'Hotjar'),
      description: en_nl('Heatmaps and session recordings.', 'Heatmaps en sessie-opnames.'),
      purposes: ['analytics'],
      required: 0,
      default_enabled: 0,
      opt_out: 1,
    },
    {
      name: 'facebook-pixel',
      title: en_nl('Facebook Pixel', 'Facebook Pixel'),
      description: en_nl(
        'Measures the effect of our ads on Facebook.',
        'Meet het effect van onze advertenties op Facebook.',
      ),
      purposes: ['marketing'],
      required: 0,
      default_enabled: 0,
      opt_out: 0,
    },
    {
      name: 'youtube',
      title: en_nl('YouTube videos', "YouTube-video's"),
      description: en_nl('Embedded product videos.', "Ingesloten productvideo's."),
      purposes: ['marketing'],
      required: 0,
      default_enabled: 0,
      opt_out: 0,
    },
  ];
  for (const [position, application] of applications.entries()) {
    await insertConsentApplication(db, {
      site_id: 'demo',
      position,
      ...application,
      purposes: json(application.purposes),
      placeholder_message: en_nl(
        `This content needs your consent for ${application.name}.`,
        `Voor deze inhoud is toestemming voor ${application.name} nodig.`,
      ),
      placeholder_action: en_nl('Allow and show', 'Toestaan en tonen'),
    });
  }

  const cookies = [
    {
      id: 'ck-session',
      name: 'shop_session',
      path: '/',
      domain: 'demo.example.com',
      application: 'session',
    },
    {
      id: 'ck-csrf',
      name: 'csrf_token',
      path: '/',
      domain: 'demo.example.com',
      application: 'session',
    },
    {
      id: 'ck-ga',
      name: '^_ga.*',
      path: '/',
      domain: '.demo.example.com',
      application: 'google-analytics',
    },
    {
      id: 'ck-gid',
      name: '_gid',
      path: '/',
      domain: '.demo.example.com',
      application: 'google-analytics',
    },
    // Regex characters without `^`: matched anywhere, which the consent checks flag.
    { id: 'ck-hj', name: '_hj*', path: '/', domain: '.demo.example.com', application: 'hotjar' },
    {
      id: 'ck-fbp',
      name: '_fbp',
      path: '/',
      domain: '.demo.example.com',
      application: 'facebook-pixel',
    },
    // A path not starting with `/`: browsers ignore it, which the consent checks flag.
    {
      id: 'ck-yt',
      name: 'VISITOR_INFO1_LIVE',
      path: 'videos',
      domain: '.youtube.com',
      application: 'youtube',
    },
  ];
  for (const [position, cookie] of cookies.entries()) {
    await insertConsentCookie(db, { site_id: 'demo', position, ...cookie });
  }
}

interface SeedNotification {
  slug: string;
  name: string;
  description: string;
  subject: string;
  text: string;
  html: string;
}

const ORDER_LINES_TEXT = `{% for line in order.lines %}- {{ line.quantity }} x {{ line.name }}: {{ line.price }}
{% endfor %}Total: {{ order.total }}`;

const ORDER_LINES_HTML = `<table role="presentation" style="width:100%;border-collapse:collapse">
  {% for line in order.lines %}
  <tr>
    <td style="padding:4px 0">{{ line.quantity }} &times; {{ line.name | escape }}</td>
    <td style="padding:4px 0;text-align:right">{{ line.price }}</td>
  </tr>
  {% endfor %}
  <tr>
    <td style="padding-top:8px;font-weight:bold">Total</td>
    <td style="padding-top:8px;text-align:right;font-weight:bold">{{ order.total }}</td>
  </tr>
</table>`;

const DEMO_NOTIFICATIONS: SeedNotification[] = [
  {
    slug: 'order-confirmation',
    name: 'Order confirmation',
    description: 'Sent when a customer places an order.',
    subject: 'Your order {{ order.number }} at {{ shop.name }}',
    text: `Hi {{ customer.first_name | default: "there" }},

Thank you for your order {{ order.number }}. We are getting it ready.

${ORDER_LINES_TEXT}

We will send a confirmation to {{ customer.email }} when it ships.

{{ shop.name }}`,
    html: `<h1 style="font-family:sans-serif">Thank you, {{ customer.first_name | default: "there" }}!</h1>
<p>We received your order <strong>{{ order.number }}</strong>.</p>
${ORDER_LINES_HTML}
<p>We will write to {{ customer.email }} when it ships.</p>
<p>{{ shop.name }}</p>`,
  },
  {
    slug: 'password-reset',
    name: 'Password reset',
    description: 'Sent when someone asks to reset their password.',
    subject: 'Reset your {{ shop.name }} password',
    text: `Hi {{ customer.first_name | default: "there" }},

Someone asked to reset the password of your account. If that was you, open this link within an hour:

{{ reset_url }}

If it was not you, ignore this message; your password stays the same.`,
    html: '',
  },
  {
    slug: 'welcome',
    name: 'Welcome',
    description: 'Sent when a customer creates an account.',
    subject: 'Welcome to {{ shop.name }}, {{ customer.first_name }}',
    text: `Hi {{ customer.first_name }},

Welcome to {{ shop.name }}! Your account is ready: {{ shop.url }}

{% if customer.accepts_marketing %}You will hear from us about new arrivals and offers.{% endif %}`,
    html: `<h1 style="font-family:sans-serif">Welcome, {{ customer.first_name }}!</h1>
<p>Your account at <a href="{{ shop.url }}">{{ shop.name }}</a> is ready.</p>
{% if customer.accepts_marketing %}<p>You will hear from us about new arrivals and offers.</p>{% endif %}`,
  },
  {
    slug: 'invoice',
    name: 'Invoice',
    description: 'Sent with the invoice of a paid order.',
    subject: 'Invoice {{ invoice.number }} for order {{ order.number }}',
    text: `Hi {{ customer.first_name }},

Here is the invoice {{ invoice.number }} for your order {{ order.number }}.

${ORDER_LINES_TEXT}

Please pay before {{ invoice.due_date | date: "%B %-d, %Y" }}.

{{ shop.name }}`,
    html: `<h1 style="font-family:sans-serif">Invoice {{ invoice.number }}</h1>
<p>Order {{ order.number }} for {{ customer.first_name }} ({{ customer.email }})</p>
${ORDER_LINES_HTML}
<p>Please pay before {{ invoice.due_date | date: "%B %-d, %Y" }}.</p>`,
  },
  {
    slug: 'shipping-update',
    name: 'Shipping update',
    description: 'Sent when an order ships.',
    subject: 'Order {{ order.number }} is on its way',
    text: `Hi {{ customer.first_name }},

Good news: your order {{ order.number }} has shipped with {{ shipment.carrier }}.
Track it here: {{ shipment.tracking_url }}

${ORDER_LINES_TEXT}

{{ shop.name }}`,
    html: '',
  },
  {
    slug: 'contact-form',
    name: 'Contact form',
    description: 'Sent to the shop when a visitor uses the contact form.',
    subject: 'Contact form: {{ form.name }}',
    text: `{{ form.name }} <{{ form.email }}> wrote via the contact form of {{ shop.name }}:

{{ form.message }}`,
    html: '',
  },
];

async function seedNotifications(db: Kysely<Database>, now: Date): Promise<void> {
  for (const [index, notification] of DEMO_NOTIFICATIONS.entries()) {
    await insertNotification(db, {
      id: newNotificationId(),
      site_id: 'demo',
      ...notification,
      html_enabled: notification.html === '' ? 0 : 1,
      created_at: hoursAgo(now, 24 * (60 - index)),
      updated_at: hoursAgo(now, 24 * (6 - index)),
      version: 1,
    });
  }
  await insertNotification(db, {
    id: newNotificationId(),
    site_id: 'acme',
    slug: 'welcome',
    name: 'Welcome',
    description: 'Sent to new Acme customers.',
    subject: 'Welcome to Acme, {{ customer.first_name }}',
    text: 'Hi {{ customer.first_name }},\n\nThanks for joining Acme.',
    html: '',
    html_enabled: 0,
    created_at: hoursAgo(now, 24 * 9),
    updated_at: hoursAgo(now, 24 * 9),
    version: 1,
  });
}

/** Inserts the demo sites and their data in one transaction. */
export async function seedDemo(db: Kysely<Database>, now = new Date()): Promise<void> {
  await writeTransaction(db, async (trx) => {
    for (const site of DEMO_SITES) await createSite(trx, site.id, site.name);
    await seedApps(trx, now);
    await seedConsent(trx, now);
    await seedNotifications(trx, now);
  });
}
