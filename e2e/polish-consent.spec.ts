// Consent page polish (issue 17): the sticky section navigation, one summary line per language
// that lacks texts, and a new URL row checked when the admin leaves it.
import { expect, test } from './fixtures';
import { openConsent } from './pages';

test.describe('consent page polish', () => {
  test('a sticky navigation jumps to each section and marks the current one', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    const nav = page.getByRole('navigation', { name: 'Sections of this page' });
    await expect(nav.getByRole('link')).toHaveText([
      /^Policy/,
      /^Purposes/,
      /^Applications/,
      /^Cookies/,
      /^Preview/,
      /^Languages/,
    ]);
    // The demo's findings are counted where they show (check 6 is about cookies).
    await expect(nav.getByRole('link', { name: /^Cookies \d+ findings?$/ })).toBeVisible();

    await nav.getByRole('link', { name: /^Languages/ }).click();
    await expect(page.getByRole('heading', { name: 'Languages' })).toBeInViewport();
    await expect(nav.getByRole('link', { name: /^Languages/ })).toHaveAttribute(
      'aria-current',
      'location',
    );
    // Still on screen after the jump: it is sticky.
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: /^Policy/ }).click();
    await expect(nav.getByRole('link', { name: /^Policy/ })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  test('a new language is one summary line, and its empty row is checked on leaving it', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    const checks = page.getByRole('region', { name: 'Checks' });
    const before = await checks.getByRole('listitem').count();

    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByLabel('Language of URL 3').fill('de');
    // The new row's empty URL is not an error while the admin is still on the row…
    const url = page.getByLabel('Privacy policy URL for de');
    await url.focus();
    await expect(url).not.toHaveAttribute('aria-invalid', 'true');
    // …but is once they leave it.
    await url.blur();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await url.fill('/de/datenschutz');
    await url.blur();
    await expect(url).not.toHaveAttribute('aria-invalid', 'true');

    // One line for every text missing in de, not one per field.
    await expect(
      checks.getByRole('link', { name: /^Warning: de: \d+ texts missing → Languages$/ }),
    ).toHaveCount(1);
    await expect(checks.getByText(/has no text in de/)).toHaveCount(0);
    await expect(checks.getByRole('listitem')).toHaveCount(before + 1);
  });
});

test.describe('app editor on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('compile errors come before the form, and the save bar only sticks with edits', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/legacy-import');
    const compile = page.getByText(/^Compile failed/);
    const form = page.getByRole('button', { name: 'Save changes' });
    await expect(compile).toBeInViewport();
    const compileTop = (await compile.boundingBox())?.y ?? Infinity;
    const formTop = (await page.getByLabel('Domain').boundingBox())?.y ?? -Infinity;
    expect(compileTop).toBeLessThan(formTop);
    // All saved: the bar stays in the form's flow, off screen.
    await expect(form).not.toBeInViewport();
    await page.getByLabel('Domain').fill('edited.example.com');
    await expect(form).toBeInViewport();
  });

  test('the sticky save bar stays one row: its status sits beside the buttons', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/analytics');
    await page.getByLabel('Domain').fill('edited.example.com');
    const save = await page.getByRole('button', { name: 'Save changes' }).boundingBox();
    const status = await page.getByText(/^Unsaved changes/).boundingBox();
    expect(status?.y).toBeGreaterThanOrEqual((save?.y ?? 0) - 4);
    expect((status?.y ?? 0) + (status?.height ?? 0)).toBeLessThanOrEqual(
      (save?.y ?? 0) + (save?.height ?? 0) + 4,
    );
  });
});
