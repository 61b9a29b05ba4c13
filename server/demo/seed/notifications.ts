/**
 * The demo notification templates. Template variables they use (the editor's samples follow
 * these names):
 * - order mails (order-confirmation, invoice, shipping-update): `order.number`, `order.lines`
 *   (each `name`, `quantity`, `price`), `order.total`, `customer.first_name`, `customer.email`,
 *   `shop.name`; order-confirmation also `order.subtotal`, `order.shipping`, `order.url`,
 *   `customer.accepts_marketing`, `shop.logo_url`, `shop.url`, `shop.address`;
 *   shipping-update also `shipment.carrier`, `shipment.tracking_url`;
 *   invoice also `invoice.number`, `invoice.due_date`;
 * - password-reset: `reset_url`, `customer.first_name`, `shop.name`;
 * - welcome: `customer.first_name`, `shop.name`, `shop.url`;
 * - contact-form: `form.name`, `form.email`, `form.message`, `shop.name`.
 */
import {
  newNotificationId,
  type StoredNotification,
} from '../../notifications/store/notifications';
import { DEMO_LAYOUT_SLUG, DEMO_LAYOUT_USERS } from './layouts';
import { hoursAgo } from './time';

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

/**
 * The order confirmation as shops send it: a 600 px column of tables with inline styles (what
 * Gmail and Outlook render, as MJML writes it), so the visual editor opens a realistic e-mail.
 */
export const ORDER_CONFIRMATION_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Your order {{ order.number }}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f4f5">
    <tr>
      <td align="center" style="padding:24px 12px">
        <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;font-family:Helvetica,Arial,sans-serif;color:#27272a">
          <tr>
            <td style="padding:24px 32px;border-bottom:1px solid #e4e4e7">
              <img src="{{ shop.logo_url }}" alt="{{ shop.name }}" width="160" style="display:block;border:0;height:auto">
            </td>
          </tr>
          <tr>
            <td style="padding:32px 32px 8px">
              <h1 style="margin:0 0 12px;font-size:24px;line-height:32px;color:#18181b">Thank you, {{ customer.first_name | default: "there" }}!</h1>
              <p style="margin:0;font-size:16px;line-height:24px">We received your order <strong>{{ order.number }}</strong> and are getting it ready. Here is what you ordered.</p>
            </td>
          </tr>
          <tr>
            <td style="padding:16px 32px">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:22px">
                {% for line in order.lines %}
                <tr>
                  <td style="padding:8px 0;border-bottom:1px solid #f4f4f5">{{ line.quantity }} &times; {{ line.name | escape }}</td>
                  <td align="right" style="padding:8px 0;border-bottom:1px solid #f4f4f5">{{ line.price }}</td>
                </tr>
                {% endfor %}
                <tr>
                  <td style="padding:12px 0 4px;color:#52525b">Subtotal</td>
                  <td align="right" style="padding:12px 0 4px;color:#52525b">{{ order.subtotal }}</td>
                </tr>
                <tr>
                  <td style="padding:4px 0;color:#52525b">Shipping</td>
                  <td align="right" style="padding:4px 0;color:#52525b">{{ order.shipping }}</td>
                </tr>
                <tr>
                  <td style="padding:8px 0;font-weight:bold;font-size:17px">Total</td>
                  <td align="right" style="padding:8px 0;font-weight:bold;font-size:17px">{{ order.total }}</td>
                </tr>
              </table>
            </td>
          </tr>
          <tr>
            <td align="center" style="padding:16px 32px 32px">
              <table role="presentation" cellpadding="0" cellspacing="0">
                <tr>
                  <td align="center" bgcolor="#4f46e5" style="border-radius:6px;background-color:#4f46e5">
                    <a href="{{ order.url }}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">View your order</a>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
          <tr>
            <td style="padding:24px 32px;background-color:#fafafa;border-top:1px solid #e4e4e7;border-radius:0 0 8px 8px;font-size:13px;line-height:20px;color:#71717a">
              <p style="margin:0 0 8px">We will write to {{ customer.email }} when it ships.</p>
              {% if customer.accepts_marketing %}
              <p style="margin:0 0 8px">You receive our news because you asked to. <a href="{{ shop.url }}/account/preferences" style="color:#71717a">Change your preferences</a>.</p>
              {% endif %}
              <p style="margin:0">{{ shop.name }} · {{ shop.address }}</p>
            </td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</body>
</html>`;

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
    html: ORDER_CONFIRMATION_HTML,
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

Please pay before {{ invoice.due_date | date: "%B %-d, %Y" }}.`,
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

${ORDER_LINES_TEXT}`,
    html: `<h1 style="margin:0 0 12px;font-size:24px;line-height:32px;color:#18181b">Your order is on its way</h1>
<p style="margin:0 0 16px">Good news, {{ customer.first_name }}: order {{ order.number }} has shipped with {{ shipment.carrier }}. <a href="{{ shipment.tracking_url }}">Track your parcel</a>.</p>
${ORDER_LINES_HTML}`,
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

export function demoNotifications(now: Date): Array<{
  siteId: 'demo' | 'acme';
  notification: StoredNotification & { layout: string | null };
}> {
  const demo = DEMO_NOTIFICATIONS.map((notification, index) => ({
    siteId: 'demo' as const,
    notification: {
      id: newNotificationId(),
      ...notification,
      layout: DEMO_LAYOUT_USERS.includes(notification.slug) ? DEMO_LAYOUT_SLUG : null,
      html_enabled: notification.html !== '',
      created_at: hoursAgo(now, 24 * (60 - index)),
      updated_at: hoursAgo(now, 24 * (6 - index)),
    },
  }));
  const acme = {
    siteId: 'acme' as const,
    notification: {
      id: newNotificationId(),
      slug: 'welcome',
      name: 'Welcome',
      description: 'Sent to new Acme customers.',
      subject: 'Welcome to Acme, {{ customer.first_name }}',
      text: 'Hi {{ customer.first_name }},\n\nThanks for joining Acme.',
      html: '',
      html_enabled: false,
      layout: null,
      created_at: hoursAgo(now, 24 * 9),
      updated_at: hoursAgo(now, 24 * 9),
    },
  };
  return [...demo, acme];
}
