import { describe, expect, it } from 'vitest';
import { generateTextFromHtml } from './generate-text';

describe('generateTextFromHtml', () => {
  it('keeps Liquid, drops styles and images, and prints links', async () => {
    const text = await generateTextFromHtml(
      '<style>p{color:red}</style><h1>Hi {{ customer.first_name }}</h1><p>Your order {{ order.number }}.</p><img src="x.png" alt="logo"><p><a href="{{ order.url }}">View order</a></p>',
    );
    expect(text).toContain('{{ customer.first_name }}');
    expect(text).toContain('Your order {{ order.number }}.');
    expect(text).toContain('View order [{{ order.url }}]');
    expect(text).not.toContain('color:red');
    expect(text).not.toContain('x.png');
  });
});
