// The side-by-side translator mode of the Visual canvas (issue 28, decision 047), through the real
// editor on the demo: the English beside each Dutch block, following it as the admin types, never
// saved with it; the outdated welcome mail shows what changed in the English, word by word.
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { AxeBuilder, seriousOf } from './axe';
import { boxOf, save } from './canvas-helpers';

interface Translated {
  html: string;
  translations: Record<string, { html: string; outdated: boolean }>;
}

async function stored(api: ApiFetch, slug: string): Promise<Translated> {
  const response = await api(`/notifications/${slug}`);
  return (await response.json()) as Translated;
}

/** Opens a template's nl translation in Visual mode. */
async function openDutch(page: Page, slug: string): Promise<FrameLocator> {
  await page.goto(`/notifications/${slug}?locale=nl`);
  await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Visual editor"]');
}

/** The note a drawn block is described by. */
function noteOf(canvas: FrameLocator, block: Locator): Promise<Locator> {
  return block.getAttribute('aria-describedby').then((id) => {
    if (!id) throw new Error('the block has no note');
    return canvas.locator(`sc-note#${id}`);
  });
}

const GREETING_NL = 'Bedankt, {{ customer.first_name | default: "klant" }}!';

test.describe('notifications: side by side', () => {
  test('the English greeting sits beside the Dutch one, follows it, and is never saved', async ({
    page,
    signIn,
    api,
  }) => {
    const before = await stored(api, 'order-confirmation');
    await signIn(page, 'demo', { open: false });
    const canvas = await openDutch(page, 'order-confirmation');
    await expect(page.getByRole('switch', { name: /Side by side/ })).toBeChecked();

    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Bedankt, Ada!');
    await expect(heading).toHaveAttribute('aria-describedby', /sc-note-/);
    const note = await noteOf(canvas, heading);
    await expect(note).toContainText('English');
    await expect(note).toContainText('Thank you,');
    await expect(note.locator('sc-note-chip')).toHaveText('{{ customer.first_name }}');
    const paragraph = canvas.locator('p', { hasText: 'We hebben je bestelling' });
    const paragraphNote = await noteOf(canvas, paragraph);
    await expect(paragraphNote).toContainText('We received your order');

    // Beside it: level with the heading, in a column right of the e-mail.
    const level = async () => {
      const [block, beside, next, nextNote] = await Promise.all([
        boxOf(heading),
        boxOf(note),
        boxOf(paragraph),
        boxOf(paragraphNote),
      ]);
      return { block, beside, next, nextNote };
    };
    const at = await level();
    expect(Math.abs(at.beside.y - at.block.y)).toBeLessThan(2);
    expect(at.beside.x).toBeGreaterThanOrEqual(at.block.x + at.block.width);

    // Typing grows the heading to more lines: the paragraph moves down and its note with it.
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('End');
    await page.keyboard.type(' en welkom terug bij ons, fijn dat je er weer bent');
    await expect(heading).toContainText('fijn dat je er weer bent');
    await expect
      .poll(async () => {
        const now = await level();
        // Relative to the heading: the page may scroll to the caret meanwhile.
        return (
          now.next.y - now.block.y > at.next.y - at.block.y + 10 &&
          Math.abs(now.beside.y - now.block.y) < 2 &&
          Math.abs(now.nextNote.y - Math.max(now.next.y, now.beside.y + now.beside.height + 6)) < 2
        );
      })
      .toBe(true);

    await save(page);
    const after = await stored(api, 'order-confirmation');
    const nl = after.translations.nl?.html ?? '';
    // Only the greeting changed, and nothing of the notes is in the html.
    expect(nl).toBe(
      (before.translations.nl?.html ?? '').replace(
        GREETING_NL,
        `${GREETING_NL} en welkom terug bij ons, fijn dat je er weer bent`,
      ),
    );
    expect(nl).not.toMatch(/sc-note|aria-describedby|English/);
    expect(after.html).toBe(before.html);
  });

  test('an outdated translation shows what changed in the English, and moves between changes', async ({
    page,
    signIn,
    api,
  }) => {
    expect((await stored(api, 'welcome')).translations.nl?.outdated).toBe(true);
    await signIn(page, 'demo', { open: false });
    const canvas = await openDutch(page, 'welcome');
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'English changed since this translation was saved' });
    await expect(banner).toContainText(': 2 blocks');

    const paragraph = canvas.locator('p', { hasText: 'Je nieuwe account bij' });
    const note = await noteOf(canvas, paragraph);
    await expect(note).toContainText('changed');
    // Struck and marked, and said in words: "new" and "to use" went, "ready." came.
    await expect(note.locator('sc-del').first()).toContainText('new');
    await expect(note.locator('sc-del').first()).toContainText('removed:');
    await expect(note.locator('sc-del').nth(1)).toContainText('ready to use.');
    await expect(note.locator('sc-ins')).toContainText('ready.');
    await expect(note.locator('sc-ins')).toContainText('added:');
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(await noteOf(canvas, heading)).not.toContainText('changed');

    await banner.getByRole('button', { name: 'Next change' }).click();
    await expect(paragraph).toBeFocused();
    await expect(note).toHaveAttribute('data-current', '');

    // Off: no note, no banner; the choice is kept in this browser.
    await page.getByRole('switch', { name: /Side by side/ }).press('Space');
    await expect(canvas.locator('sc-note')).toHaveCount(0);
    await expect(paragraph).not.toHaveAttribute('aria-describedby');
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: /Side by side/ })).not.toBeChecked();
  });

  test('the notes and the banner pass axe in both themes, and sit under the blocks on a phone', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openDutch(page, 'welcome');
    // The notes are placed with the canvas's first drawing: the first open's allowance, as the
    // Visual button's (10 s ran out once beside two busy loops and three builds, load 25).
    await expect(canvas.locator('sc-note').first()).toBeVisible({ timeout: 30_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page })
        .include('[data-side-by-side]')
        .include(['iframe[title="Visual editor"]', 'body'])
        .analyze();
      expect(seriousOf(results), colorScheme).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    const paragraph = canvas.locator('p', { hasText: 'Je nieuwe account bij' });
    const note = await noteOf(canvas, paragraph);
    await expect
      .poll(async () => {
        const [block, under] = await Promise.all([boxOf(paragraph), boxOf(note)]);
        // Under its text, inside the room the block made, starting at its left edge.
        return (
          under.y >= block.y + 10 &&
          under.y + under.height <= block.y + block.height + 1 &&
          Math.abs(under.x - block.x) < 2
        );
      })
      .toBe(true);
  });
});
