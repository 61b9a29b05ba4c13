import type { NamedSample } from './sample-types';
import { shop } from './shop-sample';

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  accepts_marketing: true,
};

const lines = [
  {
    name: 'Linen shirt',
    variant: 'M / Sand',
    quantity: 2,
    price: '39.00',
    total: '78.00',
    sku: 'LS-M-SND',
  },
  {
    name: 'Wool socks',
    variant: 'One size',
    quantity: 3,
    price: '9.50',
    total: '28.50',
    sku: 'WS-OS',
  },
  {
    name: 'Canvas tote',
    variant: 'Natural',
    quantity: 1,
    price: '18.00',
    total: '18.00',
    sku: 'CT-NAT',
  },
];

const address = {
  name: 'Ada Lovelace',
  street: 'Keizersgracht 123',
  zip: '1015 CJ',
  city: 'Amsterdam',
  country: 'Netherlands',
};

const order = {
  number: '#1042',
  created_at: '2026-11-20T14:05:00Z',
  currency: 'EUR',
  lines,
  subtotal: '124.50',
  shipping: '4.95',
  tax: '26.19',
  total: '129.45',
  shipping_address: address,
  url: 'https://shop.example.com/account/orders/1042',
};

const longName =
  'Maximiliana Wilhelmina Konstantinopolitanischerdudelsackpfeifenmachergesellschaft-Vanderbildt';

/** Order confirmation, invoice and shipping update: an order with lines, a customer, the shop. */
export function orderSamples(extra: Record<string, unknown> = {}): NamedSample[] {
  return [
    { name: 'Typical', data: { shop, customer, order, ...extra } },
    {
      name: 'Empty order',
      data: {
        shop,
        customer,
        order: {
          ...order,
          lines: [],
          subtotal: '0.00',
          tax: '0.00',
          shipping: '0.00',
          total: '0.00',
        },
        ...extra,
      },
    },
    {
      name: 'Very long names',
      data: {
        shop: {
          ...shop,
          name: `${shop.name} International Trading Company of the Netherlands B.V.`,
        },
        customer: { ...customer, first_name: longName, name: `${longName} Lovelace` },
        order: {
          ...order,
          lines: lines.map((line) => ({
            ...line,
            name: `${line.name} with an exceptionally long product title that wraps on every phone`,
            variant: `${line.variant} / Limited edition / Gift wrapped / Engraved`,
          })),
          shipping_address: {
            ...address,
            name: longName,
            street: `${address.street} achterhuis, 3e verdieping`,
          },
        },
        ...extra,
      },
    },
    {
      name: 'Many lines',
      data: {
        shop,
        customer,
        order: {
          ...order,
          lines: Array.from({ length: 50 }, (_, index) => ({
            ...lines[index % lines.length],
            name: `${lines[index % lines.length]?.name ?? 'Item'} #${index + 1}`,
          })),
        },
        ...extra,
      },
    },
  ];
}
