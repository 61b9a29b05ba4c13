import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../memory-storage.test-helper';
import {
  activeSample,
  defaultSampleState,
  duplicateActiveSample,
  loadSampleState,
  parseSampleJson,
  resetActiveSample,
  sampleStorageKey,
  saveSampleState,
  updateActiveJson,
} from './sample-store';
import { defaultSamplesFor } from '../samples/sample-catalog';

describe('default samples', () => {
  it('gives order mails several named orders with lines, a customer and a shop', () => {
    for (const slug of ['order-confirmation', 'invoice', 'shipping-update']) {
      const samples = defaultSamplesFor(slug);
      expect(samples.map((s) => s.name)).toEqual([
        'Typical',
        'Empty order',
        'Very long names',
        'Many lines',
      ]);
      const data = samples[0]!.data as {
        order: { lines: unknown[] };
        customer: object;
        shop: object;
      };
      expect(data.order.lines.length).toBeGreaterThan(0);
      expect(data.customer).toBeTruthy();
      expect(data.shop).toBeTruthy();
      expect((samples[1]!.data as { order: { lines: unknown[] } }).order.lines).toEqual([]);
    }
    expect(defaultSamplesFor('invoice')[0]!.data).toHaveProperty('invoice.number');
    expect(defaultSamplesFor('shipping-update')[0]!.data).toHaveProperty('shipment.tracking_url');
  });

  it('gives password reset a link, and unknown slugs a generic sample', () => {
    expect(defaultSamplesFor('password-reset')[0]!.data).toHaveProperty('reset_url');
    expect(defaultSamplesFor('welcome').length).toBeGreaterThan(1);
    expect(defaultSamplesFor('contact-form')[0]!.data).toHaveProperty('form.message');
    expect(defaultSamplesFor('made-up').map((s) => s.name)).toEqual(['Typical']);
  });

  it('hands out copies, so editing one never changes the defaults', () => {
    (defaultSamplesFor('welcome')[0]!.data as { shop: { name: string } }).shop.name = 'changed';
    expect(defaultSamplesFor('welcome')[0]!.data).toHaveProperty('shop.name', 'Northwind Goods');
  });
});

describe('sample storage per slug', () => {
  it('keeps edits and the active sample per slug', () => {
    const storage = memoryStorage();
    const edited = updateActiveJson(
      { ...defaultSampleState('welcome'), active: 'No marketing, no discount' },
      '{ "customer": { "first_name": "Bea" } }',
    );
    expect(saveSampleState(storage, 'welcome', edited)).toBe(true);
    const loaded = loadSampleState(storage, 'welcome');
    expect(loaded.active).toBe('No marketing, no discount');
    expect(activeSample(loaded).json).toContain('Bea');
    // Another slug is untouched.
    expect(loadSampleState(storage, 'invoice')).toEqual(defaultSampleState('invoice'));
  });

  it('falls back to the defaults on anything stored that is not a valid state', () => {
    for (const raw of [
      'not json',
      '{"version":1,"active":"x","samples":[]}',
      '{"version":2}',
      '[]',
    ]) {
      const storage = memoryStorage({ [sampleStorageKey('welcome')]: raw });
      expect(loadSampleState(storage, 'welcome')).toEqual(defaultSampleState('welcome'));
    }
    expect(loadSampleState(null, 'welcome')).toEqual(defaultSampleState('welcome'));
  });

  it('selects the first sample when the stored active one no longer exists', () => {
    const storage = memoryStorage({
      [sampleStorageKey('x')]: JSON.stringify({
        version: 1,
        active: 'gone',
        samples: [{ name: 'A', json: '{}' }],
      }),
    });
    expect(loadSampleState(storage, 'x').active).toBe('A');
  });

  it('reports a failed write (quota full) instead of throwing', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveSampleState(full, 'welcome', defaultSampleState('welcome'))).toBe(false);
  });

  it('resets a default sample and removes a made-up one', () => {
    const state = updateActiveJson(defaultSampleState('welcome'), '{}');
    expect(activeSample(resetActiveSample(state, 'welcome')).json).toBe(
      defaultSampleState('welcome').samples[0]!.json,
    );
    const copied = duplicateActiveSample(defaultSampleState('welcome'));
    expect(copied.active).toBe('Typical copy');
    expect(duplicateActiveSample(copied).active).toBe('Typical copy copy');
    const removed = resetActiveSample(copied, 'welcome');
    expect(removed.samples.map((s) => s.name)).not.toContain('Typical copy');
  });
});

describe('parseSampleJson', () => {
  it('accepts an object and refuses other JSON', () => {
    expect(parseSampleJson('{"a":1}')).toEqual({ ok: true, data: { a: 1 } });
    expect(parseSampleJson('[1]')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/object/),
    });
  });

  it('says why the JSON breaks, with the position when the engine gives one', () => {
    const result = parseSampleJson('{\n  "a": 1,\n  "b": \n}');
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON/) });
    // Chromium words it "… (line 4 column 1)"; older engines give a position.
    expect(!result.ok && (result.line === undefined || result.line === 4)).toBe(true);
  });
});
