// The V8 CPU profile (`.cpuprofile`, CDP `Profiler.stop`) and the sums both profile readers make.

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per node id: each sample counts for the node it was taken in. */
export function selfTimeByNode(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return self;
}

/** `name file:line` of a frame, the line 1-based as editors show it. */
export function functionLabel(frame: ProfileNode['callFrame']): string {
  const file = frame.url.split('/').pop() ?? '';
  return `${frame.functionName || '(anonymous)'} ${file}:${String(frame.lineNumber + 1)}`;
}

/** The `count` largest entries of `sums`, largest first. */
export function largest(sums: Map<string, number>, count: number): Array<[string, number]> {
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, count);
}
