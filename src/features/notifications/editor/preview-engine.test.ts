import { describe, expect, it, vi } from 'vitest';
import { PreviewEngine } from './preview-engine';

describe('PreviewEngine', () => {
  it('measures the last render with the performance clock', () => {
    const clock = vi.spyOn(performance, 'now').mockReturnValueOnce(100).mockReturnValue(112.5);
    const engine = new PreviewEngine();
    engine.update({ subject: 's', text: 't', html: '<p>h</p>' }, {});
    expect(engine.lastDurationMs).toBe(12.5);
    clock.mockRestore();
  });

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
