import {
  contactFormSamples,
  genericSamples,
  passwordResetSamples,
  welcomeSamples,
} from './account-samples';
import { logAlertSamples } from './alert-samples';
import { orderSamples } from './order-samples';
import type { NamedSample } from './sample-types';

const catalog: Record<string, () => NamedSample[]> = {
  'order-confirmation': () => orderSamples(),
  invoice: () =>
    orderSamples({
      invoice: {
        number: 'INV-2026-0042',
        due_date: '2026-12-20',
        pdf_url: 'https://shop.example.com/invoices/42.pdf',
      },
    }),
  'shipping-update': () =>
    orderSamples({
      shipment: {
        carrier: 'PostNL',
        tracking_number: '3SABCD0123456789',
        tracking_url: 'https://postnl.example.com/track/3SABCD0123456789',
        estimated_delivery: '2026-11-23',
      },
    }),
  'password-reset': () => passwordResetSamples,
  welcome: () => welcomeSamples,
  'contact-form': () => contactFormSamples,
  'log-alert': () => logAlertSamples,
};

/** The default named samples of a notification; unknown slugs get a generic shop and customer. */
export function defaultSamplesFor(slug: string): NamedSample[] {
  return structuredClone((catalog[slug] ?? (() => genericSamples))());
}
