/**
 * The demo's layout and footer snippet (issue 38): the shop's e-mail shell (logo on top, the
 * footer below) that four of the six demo templates render in, and the footer it renders with
 * `{% render 'footer' %}`, both in English and Dutch (fr falls back to the English, as
 * notifications do). The order confirmation keeps its own whole document (what "Make a layout
 * from this template" starts from); the contact form goes to the shop, not to customers.
 */
import type { LayoutContent } from '../../notifications/store/layouts';
import type { SnippetContent } from '../../notifications/store/snippets';

export const DEMO_LAYOUT_SLUG = 'store';
export const DEMO_FOOTER_SNIPPET = 'footer';

/** The templates that render in the demo layout. */
export const DEMO_LAYOUT_USERS: readonly string[] = [
  'welcome',
  'invoice',
  'shipping-update',
  'password-reset',
];

function shell(lang: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{ shop.name }}</title>
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
            <td style="padding:32px;font-size:16px;line-height:24px">
              {{ content }}
            </td>
          </tr>
          <tr>
            <td style="padding:24px 32px;background-color:#fafafa;border-top:1px solid #e4e4e7;border-radius:0 0 8px 8px;font-size:13px;line-height:20px;color:#71717a">
              {% render 'footer' %}
            </td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</body>
</html>`;
}

/** The plain-text e-mail under the same shell: the content, then the shop. */
const SHELL_TEXT = `{{ content }}

--
{{ shop.name }} · {{ shop.address }}`;

export const DEMO_LAYOUT: LayoutContent = {
  name: 'Store e-mail',
  html: shell('en'),
  text: SHELL_TEXT,
  translations: { nl: { html: shell('nl'), text: SHELL_TEXT } },
};

/** The footer sees the sample as its globals (decision 062): `shop` and `customer`. */
export const DEMO_FOOTER: SnippetContent = {
  body: `{% if customer.accepts_marketing %}<p style="margin:0 0 8px">You receive our news because you asked to. <a href="{{ shop.url }}/account/preferences" style="color:#71717a">Change your preferences</a>.</p>
{% endif %}<p style="margin:0">{{ shop.name }} · {{ shop.address }}</p>`,
  translations: {
    nl: {
      body: `{% if customer.accepts_marketing %}<p style="margin:0 0 8px">Je krijgt ons nieuws omdat je erom vroeg. <a href="{{ shop.url }}/account/preferences" style="color:#71717a">Wijzig je voorkeuren</a>.</p>
{% endif %}<p style="margin:0">{{ shop.name }} · {{ shop.address }}</p>`,
    },
  },
};
