// The notification editor's layout (full width, HTML/Text tabs, preview at 100 % with Fit,
// collapsible panels, the block panel beside the canvas) and unknown variables.
import { expect, test } from './fixtures';
import { openEditor, replaceCode } from './pages';

test.describe('notification editor layout', () => {
  test('uses the full width with HTML first in tabs, in the mode last used; the preview fits a narrow column until Fit is chosen', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    const main = await page.locator('main').boundingBox();
    expect(main?.width).toBeGreaterThan(1152);

    const tabs = page.getByRole('tablist', { name: 'Message body' }).getByRole('tab');
    await expect(tabs).toHaveText(['HTML', 'Text']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    // A new admin starts in Visual; the preview follows the form at its full width: 100 %.
    const mode = page.getByRole('group', { name: 'HTML editing mode' });
    await expect(mode.getByRole('button', { name: 'Visual' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('iframe[title="Visual editor"]')).toBeVisible();
    await expect(page.getByText('1024 px wide, shown at 100 %')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fit', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // In Code the preview has a column narrower than the mail: it opens at Fit.
    await mode.getByRole('button', { name: 'Code' }).click();
    await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Text version' })).toBeHidden();
    await expect(page.getByText(/1024 px wide, shown at [1-9]\d %/)).toBeVisible();
    const fit = page.getByRole('button', { name: 'Fit', exact: true });
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
    // Arrow keys move between tabs.
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Text version' })).toBeVisible();

    // The admin's choice wins, and both it and the mode are remembered.
    await fit.click();
    await expect(page.getByText('1024 px wide, shown at 100 %')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Fit', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('a tab counts the Liquid errors and unknown variables of its version', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(page, 'Text version', 'Hi {{ customer.first_name }} {% if x %}');
    const textTab = page.getByRole('tab', { name: /^Text/ });
    await expect(textTab).toHaveAccessibleName(/1 Liquid error/);
    await replaceCode(
      page,
      'Text version',
      '{% for line in order.lines %}{{ line.name }}{% endfor %} {{ order.nonexistent_field }}',
    );
    await expect(textTab).toHaveAccessibleName(/1 unknown variable/);
    await expect(page.getByRole('tab', { name: /^HTML/ })).toHaveAccessibleName('HTML');
  });

  test('Variables fold away and Sample data opens, and they stay so after a reload', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    const variables = page.getByRole('button', { name: 'Variables', exact: true });
    const samples = page.getByRole('button', { name: /^Sample data/ });
    await expect(variables).toHaveAttribute('aria-expanded', 'true');
    // Folded until asked for (decision 090): the chips beside the preview switch samples.
    await expect(samples).toHaveAttribute('aria-expanded', 'false');
    await variables.click();
    await samples.click();
    await expect(page.getByRole('list', { name: 'Variables in the sample' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: /^Sample data/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Variables', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('button', { name: /^Sample data/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('textbox', { name: /^Sample data/ })).toBeVisible();
    await page.getByRole('button', { name: 'Variables', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Variables in the sample' })).toBeVisible();
  });

  test('in the visual mode the block panel sits beside the canvas at 1440 px', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await page.getByRole('button', { name: 'Visual' }).click();
    const canvas = await page.locator('iframe[title="Visual editor"]').boundingBox();
    const panel = await page.getByRole('complementary', { name: 'Block' }).boundingBox();
    const [canvasX, canvasY, canvasWidth] = [canvas?.x ?? 0, canvas?.y ?? 0, canvas?.width ?? 0];
    expect(panel?.x).toBeGreaterThanOrEqual(canvasX + canvasWidth);
    expect(panel?.y).toBeLessThan(canvasY + 100);
    expect(canvasWidth).toBeGreaterThan(600);
  });

  test('on a phone everything is stacked and nothing overflows sideways', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await expect(page.getByRole('tablist', { name: 'Message body' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test.describe('unknown variables', () => {
  test('are underlined in the code, marked on the canvas chip and listed before saving', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(
      page,
      'HTML version',
      '<p>Hi {{ customer.first_name }}, {{ order.nonexistent_field }}</p>{% for line in order.lines %}<p>{{ line.name }}</p>{% endfor %}',
    );
    const code = page.getByRole('textbox', { name: 'HTML version' });
    // CodeMirror draws a lint range as a mark; its message names the path.
    await expect(code.locator('.cm-lintRange-warning')).toHaveCount(1);
    await expect(code.locator('.cm-lintRange-warning')).toHaveText('order.nonexistent_field');
    await expect(page.getByRole('tab', { name: /^HTML/ })).toHaveAccessibleName(
      /1 unknown variable/,
    );

    await page.getByRole('button', { name: 'Visual' }).click();
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    await expect(canvas.getByRole('button', { name: /unknown variable/ })).toHaveCount(1);
    await expect(canvas.getByRole('button', { name: /unknown variable/ })).toHaveAttribute(
      'data-tip',
      /order\.nonexistent_field/,
    );
    await expect(canvas.getByRole('button', { name: /Ada: variable/ })).not.toHaveAccessibleName(
      /unknown/,
    );

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    // (The text version, not edited with the HTML, is said to be older: a status of its own.)
    await expect(review.getByRole('status').filter({ hasText: 'unknown' })).toContainText(
      '1 unknown variable: order.nonexistent_field',
    );
  });
});
