/**
 * The side-by-side case of `npm run bench:editor` (issue 28, decision 047): canvas keystrokes in
 * a translation with the side-by-side notes off and on, in the same page and moment, so the
 * notes' cost is a ratio against its own control. The order confirmation gets the ~20 kB
 * template as its English; its nl translation is the same e-mail with Dutch headings, then the
 * English changes a sentence in every section, so the translation is outdated and every
 * section's note shows a diff (the heaviest notes there are). After a round that warms the page
 * up, rounds alternate off, on, on, off.
 * Run alone with `npx tsx bench/editor-side-by-side-main.ts` (BUILD_DIR: a built dist to reuse).
 */
import type { Browser, Page } from '@playwright/test';
import type { TestApi } from '../server/platform/test-support.test-helper';

const SWITCH = 'site-console:notification-editor:side-by-side';

async function put(api: TestApi, body: Record<string, unknown>) {
  const current = await api.request('GET', '/notifications/order-confirmation');
  const res = await api.request('PUT', '/notifications/order-confirmation', {
    body,
    headers: { 'if-match': current.headers.get('etag') ?? '*' },
  });
  if (res.status !== 200) throw new Error(`PUT failed: ${res.status} ${res.text}`);
}

/** English `html`, an nl translation made from it, then the English changed in every section. */
export async function outdatedTranslation(api: TestApi, html: string) {
  await put(api, { html, html_enabled: true });
  const dutch = html
    .replaceAll('Thank you for your order', 'Bedankt voor je bestelling')
    .replaceAll(': about your order', ': over je bestelling')
    .replaceAll('Thanks again.', 'Nogmaals bedankt.');
  await put(api, {
    translations: { nl: { subject: 'Je bestelling', text: 'Bedankt', html: dutch } },
  });
  await put(api, { html: html.replaceAll('within two working days', 'within three working days') });
}

/** Opens the nl translation in Visual mode with side by side `on`. */
export async function openTranslation(browser: Browser, api: TestApi, on: boolean): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const connection = { baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' };
  await page.addInitScript(
    ([conn, key, value]) => {
      window.localStorage.setItem('site-console.connection', JSON.stringify(conn));
      window.localStorage.setItem('site-console:notification-editor:html-mode', '"visual"');
      window.localStorage.setItem(key, value);
    },
    [connection, SWITCH, JSON.stringify(on)] as const,
  );
  await page.goto(`${api.baseUrl}/notifications/order-confirmation?locale=nl`);
  await page.getByRole('button', { name: 'Many lines' }).click();
  await page.frameLocator('iframe[title="Visual editor"]').locator('#typed').waitFor();
  return page;
}

/** Turns the switch to `on` and waits until the notes are there (or gone). */
export async function setSideBySide(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: /Side by side/ });
  if ((await toggle.isChecked()) !== on) await toggle.press('Space');
  const notes = page.frameLocator('iframe[title="Visual editor"]').locator('sc-note');
  await page.waitForFunction(
    (want) => {
      const doc = document.querySelector<HTMLIFrameElement>(
        'iframe[title="Visual editor"]',
      )?.contentDocument;
      return Boolean(doc?.querySelector('sc-note')) === want;
    },
    on,
    { timeout: 30_000 },
  );
  return notes;
}

export interface Typing {
  handled: number[];
  canvas: number[];
  preview: number[];
}

/** Keystrokes into the translation's `#typed` paragraph, rounds off, on, on, off: the two sets. */
export async function sideBySideCase(
  api: TestApi,
  browser: Browser,
  html: string,
  type: (page: Page, target: string) => Promise<Typing>,
): Promise<{ off: Typing; on: Typing }> {
  await outdatedTranslation(api, html);
  const page = await openTranslation(browser, api, true);
  const sets = {
    off: { handled: [], canvas: [], preview: [] } as Typing,
    on: { handled: [], canvas: [], preview: [] } as Typing,
  };
  try {
    // A first round warms the page up (JIT, caches) and is not counted.
    await type(page, '#typed');
    for (const on of [false, true, true, false]) {
      await setSideBySide(page, on);
      const typed = await type(page, '#typed');
      const into = on ? sets.on : sets.off;
      into.handled.push(...typed.handled);
      into.canvas.push(...typed.canvas);
      into.preview.push(...typed.preview);
    }
  } finally {
    await page.close();
  }
  return sets;
}
