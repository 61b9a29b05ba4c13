import { z } from 'zod';
import { readJson, writeJson, type KeyValueStorage } from '../browser-storage';
import { defaultSamplesFor } from '../samples/sample-catalog';

/** A sample as the admin edits it: JSON text, so a half-typed edit survives a reload. */
export interface EditableSample {
  name: string;
  json: string;
}

export interface SampleState {
  active: string;
  samples: EditableSample[];
}

const stateSchema = z.object({
  version: z.literal(1),
  active: z.string(),
  samples: z
    .array(z.object({ name: z.string().min(1).max(100), json: z.string().max(500_000) }))
    .min(1),
});

export function sampleStorageKey(slug: string): string {
  return `site-console:notification-samples:v1:${slug}`;
}

export function defaultSampleState(slug: string): SampleState {
  const samples = defaultSamplesFor(slug).map(({ name, data }) => ({
    name,
    json: JSON.stringify(data, null, 2),
  }));
  return { active: samples[0]?.name ?? 'Typical', samples };
}

/** The stored samples of a slug; anything missing or malformed falls back to the defaults. */
export function loadSampleState(storage: KeyValueStorage | null, slug: string): SampleState {
  const parsed = stateSchema.safeParse(readJson(storage, sampleStorageKey(slug)));
  if (!parsed.success) return defaultSampleState(slug);
  const { active, samples } = parsed.data;
  return {
    active: samples.some((s) => s.name === active) ? active : (samples[0]?.name ?? active),
    samples,
  };
}

export function saveSampleState(
  storage: KeyValueStorage | null,
  slug: string,
  state: SampleState,
): boolean {
  return writeJson(storage, sampleStorageKey(slug), { version: 1, ...state });
}

export type SampleParse =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; message: string; line?: number; column?: number };

function positionIn(json: string, message: string): { line?: number; column?: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (!position) return {};
  const before = json.slice(0, Number(position[1]));
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/** Sample JSON must be an object: its keys are the template's top-level variables. */
export function parseSampleJson(json: string): SampleParse {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Not valid JSON';
    return { ok: false, message: `Not valid JSON: ${message}`, ...positionIn(json, message) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The sample must be a JSON object, e.g. { "customer": { … } }' };
  }
  return { ok: true, data: value as Record<string, unknown> };
}

export function activeSample(state: SampleState): EditableSample {
  // A state always has a sample (the schema and the reset keep one); an empty one reads as `{}`.
  return (
    state.samples.find((s) => s.name === state.active) ??
    state.samples[0] ?? { name: state.active, json: '{}' }
  );
}

export function updateActiveJson(state: SampleState, json: string): SampleState {
  return {
    ...state,
    samples: state.samples.map((s) => (s.name === state.active ? { ...s, json } : s)),
  };
}

/** Puts the active sample back to its default, or removes it if the admin made it up. */
export function resetActiveSample(state: SampleState, slug: string): SampleState {
  const original = defaultSampleState(slug).samples.find((s) => s.name === state.active);
  if (original) return updateActiveJson(state, original.json);
  const samples = state.samples.filter((s) => s.name !== state.active);
  const [first] = samples;
  return first ? { active: first.name, samples } : defaultSampleState(slug);
}

/** Adds a copy of the active sample under a fresh name and selects it. */
export function duplicateActiveSample(state: SampleState): SampleState {
  const base = activeSample(state);
  let name = `${base.name} copy`;
  for (let n = 2; state.samples.some((s) => s.name === name); n += 1)
    name = `${base.name} copy ${n}`;
  return { active: name, samples: [...state.samples, { name, json: base.json }] };
}
