// The visual mode of the HTML version against the real service in real Chromium: the canvas is
// a projection of the source, and an edit in it changes only the bytes it concerns.
import type { Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';

async function storedHtml(api: ApiFetch): Promise<string> {
  const response = await api('/notifications/order-confirmation');
  const body = (await response.json()) as { html: string };
  return body.html;
}

async function openVisual(page: Page) {
  await page.goto('/notifications/order-confirmation');
  await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Visual editor"]');
}

test.describe('notifications: visual mode', () => {
  test('changes the greeting in place and saves only that change', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page);
    const canvas = await openVisual(page);

    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Thank you, Ada!');
    await expect(heading.locator('.sc-chip')).toHaveAttribute('title', /customer\.first_name/);
    await expect(canvas.getByText(/Repeats for each line in order\.lines/)).toBeVisible();

    // Select "Thank you" and type over it.
    // At the start of the words (the middle of the heading is the name chip).
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Thank you'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('Many thanks');
    await expect(heading).toContainText('Many thanks, Ada!');

    // One history for both modes: undo in the canvas, redo, and the code shows the same.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(heading).not.toContainText('Many thanks');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(heading).toContainText('Many thanks, Ada!');
    await page.getByRole('button', { name: 'Code' }).click();

    // The code has the same change (the review diff reads the editor's document).
    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('region', { name: 'Changes to HTML version' })).toContainText(
      'Many thanks, {{ customer.first_name',
    );
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await storedHtml(api)).toBe(original.replace('Thank you,', 'Many thanks,'));
  });

  test('opening the visual mode and going back changes nothing', async ({ page, signIn }) => {
    await signIn(page);
    await openVisual(page);
    await page.getByRole('button', { name: 'Code' }).click();
    await expect(page.getByRole('button', { name: 'Revert' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  });

  test('runs nothing of the template, and a locked island opens the code at its line', async ({
    page,
    signIn,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page);
    await page.goto('/notifications/order-confirmation');
    const code = page.getByRole('textbox', { name: 'HTML version' });
    await code.click({ timeout: 30_000 });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(
      '<p onclick="alert(1)">Hi</p>\n<img src="x" onerror="alert(2)" alt="x">\n<script>alert(3)</script>',
    );
    await page.getByRole('button', { name: 'Visual' }).click();
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    const paragraph = canvas.getByText('Hi', { exact: true });
    await expect(paragraph).not.toHaveAttribute('onclick');
    await paragraph.click();
    await expect(canvas.getByRole('img', { name: 'x' })).not.toHaveAttribute('onerror');
    await canvas.getByRole('button', { name: /Embedded content: edit in code \(line 3\)/ }).click();
    await expect(code).toBeFocused();
    await expect(code.locator('.cm-activeLine')).toContainText('<script>');
    expect(dialogs).toEqual([]);
  });
});
