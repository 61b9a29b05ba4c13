import { describe, expect, it } from 'vitest';
import { PreviewEngine } from './preview-engine';

describe('PreviewEngine', () => {
  it('renders once per change of sources or data and keeps the last good output', () => {
    const engine = new PreviewEngine();
    const data = { shop: { name: 'Northwind' } };
    const first = engine.update(
      { subject: 'Hi {{ shop.name }}', text: 't', html: '<p>h</p>' },
      data,
    );
    expect(first.outputs.subject).toBe('Hi Northwind');
    // Same inputs: the same state object, nothing rendered again.
    expect(
      engine.update({ subject: 'Hi {{ shop.name }}', text: 't', html: '<p>h</p>' }, data),
    ).toBe(first);
    expect(engine.lastDurationMs).toBeGreaterThanOrEqual(0);

    const broken = engine.update({ subject: 'Hi {{ shop.name', text: 't', html: '<p>h</p>' }, data);
    expect(broken.outputs.subject).toBe('Hi Northwind');
    expect(broken.errors.subject?.kind).toBe('syntax');

    const otherData = engine.update(
      { subject: 'Hi {{ shop.name }}', text: 't', html: '<p>h</p>' },
      { shop: { name: 'Acme' } },
    );
    expect(otherData.outputs.subject).toBe('Hi Acme');
    expect(otherData.errors).toEqual({});
  });
});
