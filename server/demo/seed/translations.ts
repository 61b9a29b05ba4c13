/**
 * The demo site's languages (issue 28): en (the default), nl and fr. The order confirmation is
 * translated to Dutch in every text; fr has no translations; the welcome mail's Dutch was made
 * from an older English subject, so it shows as outdated with what changed.
 */
import type { StoredTranslation } from '../../notifications/store/notification-translations';
import { hoursAgo } from './time';

export const DEMO_LOCALES = { default_locale: 'en', locales: ['en', 'nl', 'fr'] };

interface DefaultContent {
  subject: string;
  text: string;
  html: string;
}

/** English → Dutch, each applied once to the order confirmation's HTML. */
const ORDER_CONFIRMATION_HTML_NL: ReadonlyArray<readonly [string, string]> = [
  ['<html lang="en">', '<html lang="nl">'],
  [
    '<title>Your order {{ order.number }}</title>',
    '<title>Je bestelling {{ order.number }}</title>',
  ],
  [
    'Thank you, {{ customer.first_name | default: "there" }}!',
    'Bedankt, {{ customer.first_name | default: "klant" }}!',
  ],
  [
    'We received your order <strong>{{ order.number }}</strong> and are getting it ready. Here is what you ordered.',
    'We hebben je bestelling <strong>{{ order.number }}</strong> ontvangen en maken haar klaar. Dit heb je besteld.',
  ],
  ['>Subtotal<', '>Subtotaal<'],
  ['>Shipping<', '>Verzendkosten<'],
  ['>Total<', '>Totaal<'],
  ['>View your order<', '>Bekijk je bestelling<'],
  [
    'We will write to {{ customer.email }} when it ships.',
    'We mailen naar {{ customer.email }} zodra je bestelling is verzonden.',
  ],
  [
    'You receive our news because you asked to.',
    'Je ontvangt ons nieuws omdat je daarom hebt gevraagd.',
  ],
  ['Change your preferences', 'Wijzig je voorkeuren'],
];

/** `html` with each English text replaced; throws if one is not there (the seed is wrong). */
function translated(html: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.reduce((out, [english, dutch]) => {
    if (!out.includes(english)) throw new Error(`The demo HTML no longer has "${english}"`);
    return out.replace(english, dutch);
  }, html);
}

export function orderConfirmationNl(english: DefaultContent, now: Date): StoredTranslation {
  return {
    subject: 'Je bestelling {{ order.number }} bij {{ shop.name }}',
    text: `Hallo {{ customer.first_name | default: "daar" }},

Bedankt voor je bestelling {{ order.number }}. We maken haar klaar.

{% for line in order.lines %}- {{ line.quantity }} x {{ line.name }}: {{ line.price }}
{% endfor %}Totaal: {{ order.total }}

We sturen een bevestiging naar {{ customer.email }} zodra ze is verzonden.

{{ shop.name }}`,
    html: translated(english.html, ORDER_CONFIRMATION_HTML_NL),
    based_on: { subject: english.subject, text: english.text, html: english.html },
    updated_at: hoursAgo(now, 24 * 2),
  };
}

/**
 * The welcome mail's English HTML as it was when the Dutch was made: two sentences changed since,
 * so the side-by-side mode has a diff to show (issue 28).
 */
const WELCOME_HTML_BEFORE = `<h1 style="font-family:sans-serif">Welcome, {{ customer.first_name }}!</h1>
<p>Your new account at <a href="{{ shop.url }}">{{ shop.name }}</a> is ready to use.</p>
{% if customer.accepts_marketing %}<p>You will hear from us about offers.</p>{% endif %}`;

/** Translated when the English subject and HTML said less: outdated now, with a diff to show. */
export function welcomeNl(english: DefaultContent, now: Date): StoredTranslation {
  return {
    subject: 'Welkom bij {{ shop.name }}',
    text: `Hallo {{ customer.first_name }},

Welkom bij {{ shop.name }}! Je account is klaar: {{ shop.url }}

{% if customer.accepts_marketing %}Je hoort van ons over nieuwe artikelen en aanbiedingen.{% endif %}`,
    html: `<h1 style="font-family:sans-serif">Welkom, {{ customer.first_name }}!</h1>
<p>Je nieuwe account bij <a href="{{ shop.url }}">{{ shop.name }}</a> is klaar voor gebruik.</p>
{% if customer.accepts_marketing %}<p>Je hoort van ons over aanbiedingen.</p>{% endif %}`,
    based_on: {
      subject: 'Welcome to {{ shop.name }}',
      text: english.text,
      html: WELCOME_HTML_BEFORE,
    },
    updated_at: hoursAgo(now, 24 * 20),
  };
}
