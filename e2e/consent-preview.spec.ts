// The consent banner preview (issue 30, decision 054): Klaro itself in a sandboxed frame, in the
// chosen language, at phone width, light and dark, with the Google Consent Mode calls it makes.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConsent } from './pages';

/** What the dashboard's own origin holds, to show the frame wrote nothing there. */
const originStorage = (page: Page) =>
  page.evaluate(() => ({
    cookie: document.cookie,
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));

test.describe('consent banner preview', () => {
  test.beforeEach(async ({ api }, testInfo) => {
    // The first test maps through the page; the others start mapped.
    if (testInfo.title.startsWith('maps')) return;
    const res = await api('/settings/consent', {
      method: 'PATCH',
      body: JSON.stringify({
        consent_mode: {
          analytics_storage: ['analytics'],
          ad_storage: ['marketing'],
          ad_user_data: ['marketing'],
        },
      }),
    });
    expect(res.status).toBe(200);
  });

  test('maps purposes, then shows Klaro in Dutch, at phone width, logging Consent Mode', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    const before = await originStorage(page);

    // Analytics grants analytics_storage; marketing grants ad_storage and ad_user_data.
    const mapping = page.getByRole('form', { name: 'Google Consent Mode' });
    await mapping.getByLabel('Send Google Consent Mode v2 signals').check();
    await mapping.getByLabel('analytics grants analytics_storage').check();
    await mapping.getByLabel('marketing grants ad_storage').check();
    await mapping.getByLabel('marketing grants ad_user_data').check();
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().endsWith('/settings/consent'),
    );
    await mapping.getByRole('button', { name: 'Update mapping' }).click();
    expect((await saved).status()).toBe(200);
    await expect(mapping.getByRole('button', { name: 'Update mapping' })).toBeDisabled();

    await page.getByRole('button', { name: 'Show the banner preview' }).click();
    await page.getByLabel('Banner language').selectOption('nl');
    const frameElement = page.getByTitle(/^Consent banner preview, nl/);
    const frame = page.frameLocator('iframe[title^="Consent banner preview"]');
    // Klaro's own Dutch text, and the purposes' names from the configuration.
    await expect(frame.getByText(/kunnen wij u een aantal extra diensten aanbieden/)).toBeVisible();
    const log = page.getByRole('region', { name: 'Google Consent Mode calls' });
    await expect(log.getByRole('listitem').first()).toContainText('gtag consent default');
    await expect(log.getByRole('listitem').first()).toContainText('analytics_storage: denied');

    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(frameElement).toHaveAttribute('title', /phone/);
    await expect
      .poll(() => frameElement.evaluate((el) => el.getBoundingClientRect().width))
      .toBe(375);
    // Klaro's banner is fixed to the bottom of the frame, and the frame reaches below a 720 px
    // window (and moves down as the log above it grows). Chromium's headless shell neither
    // scrolls the page for an element fixed inside a frame ("outside of the viewport") nor paints
    // a frame out of view (the click never sees it stable), so each click in the frame brings the
    // frame into view first, as an admin scrolls to the preview.
    const clickInFrame = async (target: Locator) => {
      await frameElement.scrollIntoViewIfNeeded();
      await target.click();
    };

    // Accept everything inside the frame: Klaro calls back, the installer sends the update.
    await clickInFrame(frame.getByRole('button', { name: 'Dat is oké' }));
    const update = log.getByRole('listitem').filter({ hasText: 'gtag consent update' });
    await expect(update).toHaveCount(1);
    await expect(update).toContainText('analytics_storage: granted');
    await expect(update).toContainText('ad_storage: granted');
    // Mapped to no purpose: stays denied.
    await expect(update).toContainText('ad_personalization: denied');
    await expect(frame.getByText(/kunnen wij u een aantal extra diensten/)).toBeHidden();

    // A new visitor declines. The log starts again with the new page's default (one line), so
    // the click lands in the new page, not in the old one the frame is leaving.
    await page.getByRole('button', { name: 'Show again to a new visitor' }).click();
    await expect(log.getByRole('listitem')).toHaveCount(1);
    await expect(log.getByRole('listitem').first()).toContainText('gtag consent default');
    await clickInFrame(frame.getByRole('button', { name: 'Ik weiger' }));
    // Declining from all denied changes no signal: no update is sent, as on the site.
    await expect(log.getByRole('listitem')).toHaveCount(1);
    await expect(frame.getByRole('button', { name: 'Ik weiger' })).toBeHidden();

    // "Let me choose" opens Klaro's modal in the frame; accepting all there sends the update too.
    await page.getByRole('button', { name: 'Show again to a new visitor' }).click();
    await clickInFrame(frame.getByRole('link', { name: 'Laat me kiezen' }));
    await clickInFrame(frame.getByRole('button', { name: 'Accepteer alle' }));
    await expect(update).toContainText('analytics_storage: granted');

    // The dashboard's own origin has nothing of Klaro's.
    expect(await originStorage(page)).toEqual(before);
  });

  test('shows the banner light and dark', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    await page.getByRole('button', { name: 'Show the banner preview' }).click();
    const frame = page.frameLocator('iframe[title^="Consent banner preview"]');
    const notice = frame.locator('.cookie-notice');
    await expect(notice).toBeVisible();
    const light = await notice.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(page.getByTitle(/^Consent banner preview, .*, dark$/)).toBeVisible();
    await expect(notice).toBeVisible();
    await expect
      .poll(() => notice.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe(light);
  });
});
