import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from './node-flags';

const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the service node flags', () => {
  it.each(['start', 'dev:server'])('are the flags `npm run %s` starts the service with', (name) => {
    const command = scripts[name] ?? '';
    const flags = /\btsx (?:watch )?((?:--\S+ )*)server\/platform\/main\.ts/.exec(command)?.[1];
    expect(flags?.trim().split(' ').filter(Boolean), command).toEqual(SERVICE_NODE_FLAGS);
  });
});
