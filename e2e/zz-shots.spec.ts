import { test } from './fixtures';

const FRAMES = `<p>{% if customer.first_name %}Hello {{ customer.first_name }}{% elsif customer.email %}Hello you{% else %}Hello there{% endif %}</p>
<table><tbody>
{% for line in order.lines %}<tr><td>{{ forloop.index }}.</td><td>{{ line.name }} each</td></tr>
{% else %}<tr><td>Nothing ordered</td></tr>
{% endfor %}</tbody></table>
<!-- a comment -->`;

for (const width of [1440, 375]) {
  test(`shots ${width}`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    for (const colorScheme of (process.env.SCHEMES ?? 'light,dark').split(',') as ('light' | 'dark')[]) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/notifications/order-confirmation');
      await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
      await page.frameLocator('iframe[title="Visual editor"]').locator('.sc-frame-label').first().waitFor();
      await page.screenshot({ path: `/tmp/vf/demo-${width}-${colorScheme}.png`, fullPage: true });
      if (process.env.FRAMES_SHOT) {
        await page.getByRole('button', { name: 'Code' }).click();
        await page.getByRole('textbox', { name: 'HTML version' }).click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.insertText(FRAMES);
        await page.getByRole('button', { name: 'Visual' }).click();
        await page.frameLocator('iframe[title="Visual editor"]').locator('.sc-frame-label').first().waitFor();
        await page.frameLocator('iframe[title="Visual editor"]').getByRole('button', { name: 'Otherwise', exact: true }).focus();
        await page.screenshot({ path: `/tmp/vf/frames-${width}-${colorScheme}.png`, fullPage: true });
        await page.keyboard.press('Enter');
        await page.locator('iframe[title="Visual editor"]').screenshot({ path: `/tmp/vf/canvas-${width}-${colorScheme}.png` });
      }
    }
  });
}
