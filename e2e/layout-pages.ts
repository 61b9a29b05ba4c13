// The layout's own editor page (issue 38, decision 084) as the layout specs reach it.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens the layout named `name` from the notifications list; answers the page's main landmark. */
export async function openLayoutPage(page: Page, name = 'Brand'): Promise<Locator> {
  await page.goto('/notifications');
  await page.getByRole('link', { name: `Open layout ${name}` }).click({ timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name, level: 1 })).toBeVisible();
  return main;
}
