import { useCallback, useMemo, useState } from 'react';
import { browserStorage } from '../browser-storage';
import {
  activeSample,
  loadSampleState,
  parseSampleJson,
  saveSampleState,
  type SampleParse,
  type SampleState,
} from './sample-store';

export interface SampleData {
  state: SampleState;
  setState: (state: SampleState) => void;
  parse: SampleParse;
  /** The data the preview uses: the active sample, or its last valid version while it is broken. */
  data: Record<string, unknown>;
  /** Every sample that parses, with `data`: a variable none of them has is unknown. */
  known: readonly Record<string, unknown>[];
}

function parsedData(state: SampleState): Record<string, unknown> | null {
  const parse = parseSampleJson(activeSample(state).json);
  return parse.ok ? parse.data : null;
}

/** Samples of one notification, kept in localStorage as they are edited. */
export function useSampleData(slug: string): SampleData {
  const [state, setStateRaw] = useState(() => loadSampleState(browserStorage(), slug));
  const [lastGood, setLastGood] = useState<Record<string, unknown>>(() => parsedData(state) ?? {});
  const parse = useMemo(() => parseSampleJson(activeSample(state).json), [state]);
  const setState = useCallback(
    (next: SampleState) => {
      setStateRaw(next);
      const data = parsedData(next);
      if (data) setLastGood(data);
      saveSampleState(browserStorage(), slug, next);
    },
    [slug],
  );
  const data = parse.ok ? parse.data : lastGood;
  const known = useMemo(() => {
    const others = state.samples.map(({ json }) => parseSampleJson(json));
    return [data, ...others.flatMap((other) => (other.ok ? [other.data] : []))];
  }, [state.samples, data]);
  return { state, setState, parse, data, known };
}
