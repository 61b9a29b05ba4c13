// Every language of a notification edited in the editor (issue 28, decision 046), against the
// real service (temp SQLite with the demo seed: en default, nl and fr; the order confirmation
// translated to nl, fr missing) in real Chromium.
import type { Page, Response } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { mailTest } from './mail-test';
import { openEditor } from './pages';

const SLUG = 'order-confirmation';

const isPutOf = (slug: string) => (response: Response) =>
  response.request().method() === 'PUT' &&
  new URL(response.url()).pathname === `/api/notifications/${slug}`;

const languages = (page: Page) => page.getByRole('tablist', { name: 'Languages' });
const localeTab = (page: Page, name: string) =>
  languages(page).getByRole('tab', { name: new RegExp(`^${name}`) });

interface Stored {
  subject: string;
  text: string;
  html: string;
  translations: Record<string, { subject: string; text: string; html: string; outdated: boolean }>;
}

async function stored(api: ApiFetch, slug = SLUG): Promise<Stored> {
  const response = await api(`/notifications/${slug}`);
  return (await response.json()) as Stored;
}

/** Opens the HTML of the shown locale in Visual mode and gives the canvas. */
async function visualCanvas(page: Page) {
  await page.getByRole('button', { name: 'Visual', exact: true }).click({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Visual editor"]');
}

/** Selects the heading's first `count` characters and types `text` over them. */
async function retypeHeadingStart(page: Page, count: number, text: string) {
  const heading = (await visualCanvas(page)).getByRole('heading', { level: 1 });
  await heading.click({ position: { x: 4, y: 12 } });
  await page.keyboard.press('Home');
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type(text);
  return heading;
}

/** Ctrl/Cmd+S, then the review's Save; gives the review's text before saving. */
async function saveThroughReview(page: Page): Promise<string> {
  await page.keyboard.press('ControlOrMeta+s');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toBeVisible();
  const shown = (await review.textContent()) ?? '';
  const put = page.waitForResponse(isPutOf(SLUG));
  await review.getByRole('button', { name: 'Save changes' }).click();
  expect((await put).status()).toBe(200);
  await expect(review).toBeHidden();
  return shown;
}

test.describe('notification translations', () => {
  test('the locale bar shows each language with its state and keeps the choice in the URL', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await expect(languages(page).getByRole('tab')).toHaveCount(3);
    await expect(localeTab(page, 'English')).toContainText('default');
    await expect(localeTab(page, 'English')).toHaveAttribute('aria-selected', 'true');
    await expect(localeTab(page, 'Dutch')).toContainText('translated');
    await expect(localeTab(page, 'French')).toContainText('missing');

    // Keyboard: the arrow keys move the selection, as in any tablist.
    await localeTab(page, 'English').focus();
    await page.keyboard.press('ArrowRight');
    await expect(localeTab(page, 'Dutch')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/locale=nl/);
    await expect(page.getByLabel('Subject')).toHaveValue(/^Je bestelling/);
    await page.reload();
    await expect(localeTab(page, 'Dutch')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Subject')).toHaveValue(/^Je bestelling/);
    await page.getByLabel('Subject').fill('Bestelling {{ order.number }}');
    await expect(localeTab(page, 'Dutch')).toContainText('edited');
    await expect(localeTab(page, 'English')).not.toContainText('edited');
  });

  test('a Dutch greeting typed in the canvas is the only change saved; a new English one makes nl outdated', async ({
    page,
    signIn,
    api,
  }) => {
    const before = await stored(api);
    expect(before.translations.nl).toBeDefined();
    const nlBefore = before.translations.nl ?? { subject: '', text: '', html: '' };
    await signIn(page, 'demo', { open: false });
    await page.goto(`/notifications/${SLUG}?locale=nl`);
    const heading = await retypeHeadingStart(page, 'Bedankt'.length, 'Hartelijk dank');
    await expect(heading).toContainText('Hartelijk dank, Ada!');

    const review = await saveThroughReview(page);
    expect(review).toContain('HTML version (Dutch)');
    expect(review).not.toContain('HTML version\n');
    const after = await stored(api);
    expect(after.translations.nl?.html).toBe(nlBefore.html.replace('Bedankt', 'Hartelijk dank'));
    expect(after.translations.nl?.subject).toBe(nlBefore.subject);
    expect(after.html).toBe(before.html);
    expect(after.subject).toBe(before.subject);
    await expect(localeTab(page, 'Dutch')).toContainText('translated');

    // The English greeting changes: the Dutch is now behind it.
    await localeTab(page, 'English').click();
    await retypeHeadingStart(page, 'Thank you'.length, 'Many thanks');
    await saveThroughReview(page);
    expect((await stored(api)).translations.nl?.outdated).toBe(true);
    await expect(localeTab(page, 'Dutch')).toContainText('outdated');
    await page.goto('/notifications');
    const row = page.getByRole('row').filter({ hasText: 'Order confirmation' });
    await expect(row.getByRole('list', { name: 'Languages' })).toContainText(/nl\W*outdated/);
  });

  test('French starts from English, saves as translated, and can be removed', async ({
    page,
    signIn,
    api,
  }) => {
    const before = await stored(api);
    await signIn(page, 'demo', { open: false });
    await page.goto(`/notifications/${SLUG}?locale=fr`);
    await expect(page.getByRole('heading', { name: 'No French translation yet' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Start from English' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue(before.subject);
    await page.getByLabel('Subject').fill('Votre commande {{ order.number }}');
    await expect(localeTab(page, 'French')).toContainText('edited');
    const review = await saveThroughReview(page);
    expect(review).toContain('Subject (French)');
    const after = await stored(api);
    expect(after.translations.fr).toMatchObject({
      subject: 'Votre commande {{ order.number }}',
      text: before.text,
      html: before.html,
      outdated: false,
    });
    await expect(localeTab(page, 'French')).toContainText('translated');

    await page.getByRole('button', { name: 'Remove French translation' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the French translation?' })
      .getByRole('button', { name: 'Remove French translation' })
      .click();
    await expect(page.getByRole('heading', { name: 'No French translation yet' })).toBeVisible();
    expect(await saveThroughReview(page)).toContain('French translation');
    expect((await stored(api)).translations.fr).toBeUndefined();
    await expect(localeTab(page, 'French')).toContainText('missing');
  });

  test('a draft in Dutch survives a reload', async ({ page, signIn }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, 'demo', { open: false });
    await page.goto(`/notifications/${SLUG}?locale=nl`);
    await page.getByLabel('Subject').fill('Concept {{ order.number }}', { timeout: 30_000 });
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await banner.getByRole('button', { name: 'Restore draft' }).click();
    await expect(localeTab(page, 'Dutch')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Subject')).toHaveValue('Concept {{ order.number }}');
    await expect(localeTab(page, 'Dutch')).toContainText('edited');
    await localeTab(page, 'English').click();
    await expect(page.getByLabel('Subject')).not.toHaveValue('Concept {{ order.number }}');
  });

  test('a save after a concurrent Dutch change merges it per field', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto(`/notifications/${SLUG}?locale=nl`);
    await page.getByLabel('Subject').fill('Mijn onderwerp {{ order.number }}', { timeout: 30_000 });
    // Someone else changes the Dutch text meanwhile.
    const theirs = await api(`/notifications/${SLUG}`, {
      method: 'PUT',
      body: JSON.stringify({ translations: { nl: { text: 'Hun tekst' } } }),
    });
    expect(theirs.status).toBe(200);

    await page.keyboard.press('ControlOrMeta+s');
    const first = page.waitForResponse(isPutOf(SLUG));
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    expect((await first).status()).toBe(412);
    // No conflict (different fields): the merge is reviewed, then saved.
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('region', { name: 'Changes to Subject (Dutch)' })).toBeVisible();
    const retry = page.waitForResponse(isPutOf(SLUG));
    await review.getByRole('button', { name: 'Save changes' }).click();
    expect((await retry).status()).toBe(200);
    const after = await stored(api);
    expect(after.translations.nl?.subject).toBe('Mijn onderwerp {{ order.number }}');
    expect(after.translations.nl?.text).toBe('Hun tekst');
  });
});

mailTest(
  'a test sent from the Dutch translation arrives in Dutch',
  async ({ page, signIn, sink }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto(`/notifications/${SLUG}?locale=nl`);
    const button = page.getByRole('button', { name: 'Send test to me' });
    await expect(button).toBeEnabled({ timeout: 30_000 });
    await button.click();
    await expect(page.getByText(/^Test sent to /)).toBeVisible();
    await expect.poll(() => sink.messages.length).toBe(1);
    expect(sink.messages[0]?.subject).toMatch(/^\[Test nl\] Je bestelling /);
  },
);
