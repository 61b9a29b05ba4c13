// Holds some of a page's requests until the test releases them: they arrive after what the test
// looks at is shown, as on a slow network or a busy server. Used to prove that what comes late
// neither moves the page under the admin's click nor takes their caret.
import type { Page, Route } from '@playwright/test';

/** Holds every request whose URL matches one of `urls` until the returned function is called. */
export async function holdRequests(page: Page, ...urls: RegExp[]): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  for (const url of urls) await page.route(url, hold);
  return () => release();
}
