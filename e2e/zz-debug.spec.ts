import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures';

test('debug axe', async ({ page, signIn }) => {
  await signIn(page);
  await page.goto('/notifications/order-confirmation');
  await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
  await page.frameLocator('iframe[title="Visual editor"]').locator('.sc-frame-label').first().waitFor();
  console.log(page.frames().map((f) => f.url()));
  const results = await new AxeBuilder({ page }).exclude('iframe[title="HTML preview"]').analyze();
  const targets = (list: typeof results.violations) =>
    list.flatMap((r) => r.nodes.map((n) => `${r.id}:${JSON.stringify(n.target)}`)).filter((t) => t.includes('Visual') || t.includes('sc-'));
  console.log('violations', targets(results.violations));
  console.log('incomplete', targets(results.incomplete));
  console.log('passes', targets(results.passes).slice(0, 10));
});
