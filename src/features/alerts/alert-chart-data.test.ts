import { describe, expect, it } from 'vitest';
import type { AlertSimulation } from '../../../contract/schemas/alert';
import {
  eventMarks,
  historyVolumeQuery,
  simulationMarks,
  simulationVolume,
} from './alert-chart-data';

const simulation: AlertSimulation = {
  since: 0,
  before: 600,
  source: 'rollup',
  windows: [
    { end: 300, count: 2, state: 'ok' },
    { end: 420, count: 12, state: 'firing' },
    { end: 540, count: 15, state: 'firing' },
    { end: 600, count: 1, state: 'ok' },
  ],
  fired: [420],
};

describe('simulationVolume', () => {
  it('draws one bar per window, ending at its moment, in the rule’s level', () => {
    const volume = simulationVolume(simulation, { level: 'error', every_minutes: 2 });
    expect(volume.bucket_seconds).toBe(120);
    expect(volume.buckets.map((bucket) => [bucket.start, bucket.counts.error])).toEqual([
      [180, 2],
      [300, 12],
      [420, 15],
      [480, 1],
    ]);
    expect(volume.buckets[0]?.counts.info).toBe(0);
  });

  it('draws a rule of every level as info', () => {
    const volume = simulationVolume(simulation, { every_minutes: 1 });
    expect(volume.buckets[1]?.counts.info).toBe(12);
  });
});

describe('marks', () => {
  it('marks where a simulation fired and where its run of alerting windows ended', () => {
    expect(simulationMarks(simulation)).toEqual([
      { at: 420, kind: 'fired' },
      { at: 600, kind: 'resolved' },
    ]);
  });

  it('marks recorded changes into and out of firing, not others', () => {
    const event = { id: 1, at: '', count: 0, threshold: 10, window_start: 0 };
    expect(
      eventMarks([
        { ...event, from: 'firing', to: 'ok', window_end: 900 },
        { ...event, from: 'ok', to: 'firing', window_end: 600 },
        { ...event, from: null, to: 'ok', window_end: 60 },
        { ...event, from: 'ok', to: 'no_data', window_end: 1200 },
      ]),
    ).toEqual([
      { at: 600, kind: 'fired' },
      { at: 900, kind: 'resolved' },
    ]);
  });
});

describe('historyVolumeQuery', () => {
  it('asks the last day of the rule’s query, ending on this minute', () => {
    expect(
      historyVolumeQuery(
        { level: 'error', job: 'sync', job_match: 'prefix', where: ['a:1'] },
        1030,
      ),
    ).toEqual({
      since: 1080 - 86_400,
      before: 1080,
      buckets: 144,
      level: 'error',
      job: 'sync',
      job_match: 'prefix',
      where: ['a:1'],
    });
  });
});
