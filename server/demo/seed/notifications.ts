/**
 * The demo notification templates. Template variables they use (the editor's samples follow
 * these names):
 * - order mails (order-confirmation, invoice, shipping-update): `order.number`, `order.lines`
 *   (each `name`, `quantity`, `price`), `order.total`, `customer.first_name`, `customer.email`,
 *   `shop.name`; shipping-update also `shipment.carrier`, `shipment.tracking_url`;
 *   invoice also `invoice.number`, `invoice.due_date`;
 * - password-reset: `reset_url`, `customer.first_name`, `shop.name`;
 * - welcome: `customer.first_name`, `shop.name`, `shop.url`;
 * - contact-form: `form.name`, `form.email`, `form.message`, `shop.name`.
 */
import { newNotificationId, type StoredNotification } from '../../store/notifications';
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

export function demoNotifications(
  now: Date,
): Array<{ siteId: string; notification: StoredNotification }> {
  const demo = DEMO_NOTIFICATIONS.map((notification, index) => ({
    siteId: 'demo',
    notification: {
      id: newNotificationId(),
      ...notification,
      html_enabled: notification.html !== '',
      created_at: hoursAgo(now, 24 * (60 - index)),
      updated_at: hoursAgo(now, 24 * (6 - index)),
    },
  }));
  const acme = {
    siteId: 'acme',
    notification: {
      id: newNotificationId(),
      slug: 'welcome',
      name: 'Welcome',
      description: 'Sent to new Acme customers.',
      subject: 'Welcome to Acme, {{ customer.first_name }}',
      text: 'Hi {{ customer.first_name }},\n\nThanks for joining Acme.',
      html: '',
      html_enabled: false,
      created_at: hoursAgo(now, 24 * 9),
      updated_at: hoursAgo(now, 24 * 9),
    },
  };
  return [...demo, acme];
}
