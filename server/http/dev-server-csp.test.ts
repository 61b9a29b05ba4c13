// `npm run dev` (Vite's dev server) sends the service's CSP, and every inline script it adds to
// the page carries that policy's nonce: the dev page runs under the same rules as the service's.
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP } from './security-headers';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ViteDevServer;
let origin: string;

beforeAll(async () => {
  server = await createServer({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    // With HMR on, as `npm run dev` runs: that is when React Refresh adds its inline preamble.
    server: { port: 0 },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  origin = `http://127.0.0.1:${String(address.port)}`;
});

afterAll(async () => {
  await server.close();
});

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((each) => each.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found?.slice(1) ?? [];
}

describe('the dev server', () => {
  it("sends the service's CSP, its inline scripts allowed by nonce and never by 'unsafe-inline'", async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scripts = directive(csp, 'script-src');
    expect(scripts).not.toContain("'unsafe-inline'");
    const nonces = scripts.filter((source) => source.startsWith("'nonce-"));
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]?.slice("'nonce-".length, -1) ?? '';
    // Every other directive is the service's own.
    for (const name of [
      'default-src',
      'style-src',
      'img-src',
      'font-src',
      'object-src',
      'base-uri',
    ]) {
      expect(directive(csp, name)).toEqual(directive(DASHBOARD_CSP, name));
    }
    // The page's inline scripts (React Refresh's preamble) carry the nonce, so they run.
    const html = await response.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes ?? ''),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  });
});
