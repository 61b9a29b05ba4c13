import type { NamedSample } from './sample-types';
import { shop } from './shop-sample';

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  accepts_marketing: false,
};

/** Password reset: a link that expires, and who asked for it. */
export const passwordResetSamples: NamedSample[] = [
  {
    name: 'Typical',
    data: {
      shop,
      customer,
      reset_url: 'https://shop.example.com/account/reset/5f2c9a1e7b',
      expires_in_hours: 24,
    },
  },
  {
    name: 'No first name',
    data: {
      shop,
      customer: { ...customer, first_name: '', name: '' },
      reset_url: 'https://shop.example.com/account/reset/5f2c9a1e7b',
      expires_in_hours: 1,
    },
  },
  {
    name: 'Very long link',
    data: {
      shop,
      customer,
      reset_url: `https://shop.example.com/account/reset/${'a1b2c3d4e5'.repeat(12)}?utm_source=email&utm_campaign=reset`,
      expires_in_hours: 24,
    },
  },
];

/** Welcome: a new customer and where to start. */
const subscriber = { ...customer, accepts_marketing: true };

export const welcomeSamples: NamedSample[] = [
  {
    name: 'Typical',
    data: {
      shop,
      customer: subscriber,
      account_url: 'https://shop.example.com/account',
      discount_code: 'WELCOME10',
    },
  },
  {
    name: 'No marketing, no discount',
    data: {
      shop,
      customer: { ...customer, accepts_marketing: false },
      account_url: 'https://shop.example.com/account',
      discount_code: '',
    },
  },
  {
    name: 'Very long names',
    data: {
      shop: {
        ...shop,
        name: 'Northwind Goods International Trading Company of the Netherlands B.V.',
      },
      customer: {
        ...subscriber,
        first_name: 'Maximiliana Wilhelmina Konstantinopolitanischerdudelsackpfeifenmacher',
      },
      account_url: 'https://shop.example.com/account',
      discount_code: 'WELCOME10',
    },
  },
];

/** Contact form: what a visitor sent the shop. */
export const contactFormSamples: NamedSample[] = [
  {
    name: 'Typical',
    data: {
      shop,
      form: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Question about sizes',
        message: 'Hello,\nDo the linen shirts run small? I usually wear M.\nThanks, Grace',
        submitted_at: '2026-11-20T09:12:00Z',
      },
    },
  },
  {
    name: 'Empty message',
    data: {
      shop,
      form: {
        name: '',
        email: 'anonymous@example.com',
        subject: '',
        message: '',
        submitted_at: '2026-11-20T09:12:00Z',
      },
    },
  },
  {
    name: 'Markup in the message',
    data: {
      shop,
      form: {
        name: '<b>Mallory</b>',
        email: 'mallory@example.com',
        subject: '<script>alert(1)</script>',
        message: 'Line one\n<img src=x onerror=alert(1)>\nLine three',
        submitted_at: '2026-11-20T09:12:00Z',
      },
    },
  },
];

/** Any other notification: the shop and a customer, which most messages greet. */
export const genericSamples: NamedSample[] = [{ name: 'Typical', data: { shop, customer } }];
