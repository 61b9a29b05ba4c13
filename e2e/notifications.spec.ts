// The notification editor against the real service (temp SQLite with the demo seed) in real
// Chromium: live preview, Liquid errors, the sandboxed HTML preview, saving and drafts.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { AxeBuilder, seriousOf } from './axe';
import { openEditor, replaceCode } from './pages';

const isPutOf = (slug: string) => (response: Response) =>
  response.request().method() === 'PUT' &&
  new URL(response.url()).pathname === `/api/notifications/${slug}`;

/** Alerts, confirms and prompts from anywhere (the preview included) are recorded; leaving the
 * page with unsaved changes (beforeunload) is accepted, as a reload by the admin would be. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept();
      return;
    }
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

const preview = (page: Page) => page.frameLocator('iframe[title="HTML preview"]');

test.describe('notifications', () => {
  test('lists the templates with a filter kept in the URL', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/notifications');
    const rows = page.getByRole('table', { name: 'Notifications' }).getByRole('row');
    await expect(rows).toHaveCount(8); // header + 6 demo notifications + the built-in log-alert
    await page.getByLabel('Filter notifications').fill('reset');
    await expect(page).toHaveURL(/filter=reset/);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel('Filter notifications')).toHaveValue('reset');
    await page.getByRole('link', { name: 'Password reset' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();
  });

  test('on a phone the list is cards that fit the screen', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'demo', { open: false });
    await page.goto('/notifications');
    // The cards are the list's own items (each card lists its languages in a list of its own).
    const cards = page.getByRole('list', { name: 'Notifications' }).locator(':scope > li');
    await expect(cards).toHaveCount(7); // the demo's six and the built-in log-alert
    await expect(cards.filter({ hasText: 'order-confirmation' })).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Notifications' })).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await cards.filter({ hasText: 'Password reset' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();
  });

  test('edits subject and HTML of the order confirmation, previews, saves; it persists', async ({
    page,
    signIn,
  }) => {
    const dialogs = recordDialogs(page);
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'order-confirmation');
    await expect(page.getByTestId('preview-subject')).toHaveText(
      'Your order #1042 at Northwind Goods',
    );

    await page
      .getByLabel('Subject')
      .fill('Order {{ order.number }} is confirmed, {{ customer.first_name }}');
    await expect(page.getByTestId('preview-subject')).toHaveText('Order #1042 is confirmed, Ada');

    await replaceCode(
      page,
      'HTML version',
      '<h1 id="greeting">Thanks, {{ customer.first_name }}!</h1>\n<ul>{% for line in order.lines %}<li>{{ line.name }}</li>{% endfor %}</ul>',
    );
    await expect(preview(page).locator('#greeting')).toHaveText('Thanks, Ada!');
    await expect(preview(page).getByRole('listitem')).toHaveCount(3);
    // Another sample in one click.
    await page.getByRole('button', { name: 'Many lines' }).click();
    await expect(preview(page).getByRole('listitem')).toHaveCount(50);

    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('region', { name: 'Changes to Subject' })).toContainText(
      'Order {{ order.number }} is confirmed',
    );
    await expect(review.getByRole('region', { name: 'Changes to HTML version' })).toBeVisible();
    const put = page.waitForResponse(isPutOf('order-confirmation'));
    await review.getByRole('button', { name: 'Save changes' }).click();
    const response = await put;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toBeTruthy();
    expect(Object.keys(response.request().postDataJSON() as object).sort()).toEqual([
      'html',
      'subject',
    ]);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Subject')).toHaveValue(
      'Order {{ order.number }} is confirmed, {{ customer.first_name }}',
    );
    await expect(preview(page).locator('#greeting')).toHaveText('Thanks, Ada!');
    await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('an unclosed {% if %} marks its line, keeps the last good preview and blocks saving', async ({
    page,
    signIn,
    api,
  }) => {
    // The demo's welcome is in the demo layout (issue 38's seed): this test is about the template.
    await api('/notifications/welcome', { method: 'PUT', body: JSON.stringify({ layout: null }) });
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'welcome');
    await replaceCode(page, 'HTML version', '<p id="ok">Hello {{ customer.first_name }}</p>');
    await expect(preview(page).locator('#ok')).toHaveText('Hello Ada');

    await page.keyboard.insertText('\n<p>{% if customer.accepts_marketing %}News</p>');
    const errors = page.getByRole('list', { name: 'Liquid errors in HTML version' });
    await expect(errors).toContainText('Line 2, column 4');
    await expect(errors).toContainText(
      '{% if customer.accepts_marketing %} is never closed: add {% endif %}',
    );
    await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
    // The last good preview stays, with the error said.
    await expect(preview(page).locator('#ok')).toHaveText('Hello Ada');
    await expect(page.getByRole('status').filter({ hasText: 'error on line 2' })).toBeVisible();
    // The editor kept focus and cursor when the error appeared: typing goes on where it was.
    await page.keyboard.insertText('{% endif %}');
    await expect(errors).toHaveCount(0);
    await expect(preview(page).locator('#ok')).toHaveText('Hello Ada');
    await page.keyboard.insertText('{% if %}');
    await expect(errors).toContainText('Line 2, column');

    // A second broken field is listed at the same time.
    await page.getByLabel('Subject').fill('Hi {{ customer.first_name');
    await expect(page.getByRole('list', { name: 'Liquid errors in Subject' })).toBeVisible();
    await expect(errors).toBeVisible();

    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts += 1;
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Fix the Liquid errors' }),
    ).toContainText('Subject, HTML');
    await expect(page.getByRole('dialog', { name: 'Review changes' })).toHaveCount(0);
    expect(puts).toBe(0);
  });

  test.describe('scripts in the template', () => {
    test('the HTML preview renders e-mail styles and runs no script', async ({ page, signIn }) => {
      const dialogs = recordDialogs(page);
      await signIn(page, 'demo', { open: false });
      const document = await page.goto('/notifications/welcome');
      // The srcdoc preview inherits this policy: inline styles allowed, no inline script.
      const csp = document?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      await expect(page.getByRole('tablist', { name: 'Message body' })).toBeVisible({
        timeout: 30_000,
      });
      await replaceCode(
        page,
        'HTML version',
        [
          '<style>.brand { color: rgb(200, 0, 0); }</style>',
          '<p class="brand" id="styled" style="font-weight: 700">Styled {{ shop.name }}</p>',
          '<script>alert(1)</script>',
          '<img src=x onerror=alert(1)>',
          '<script>document.body.dataset.script = "ran"</script>',
          '<img src=x onerror="document.body.dataset.onerror = \'ran\'">',
          '<a id="link" href="javascript:alert(1)">link</a>',
          '<p id="after">after</p>',
        ].join('\n'),
      );
      const frame = preview(page);
      await expect(frame.locator('#after')).toHaveText('after');
      const styled = frame.locator('#styled');
      await expect(styled).toHaveCSS('color', 'rgb(200, 0, 0)');
      await expect(styled).toHaveCSS('font-weight', '700');
      await expect(page.locator('iframe[title="HTML preview"]')).toHaveAttribute('sandbox', '');
      // Scripts are blocked by the sandbox: activating a javascript: link does nothing either.
      await frame.locator('#link').dispatchEvent('click');
      expect(dialogs).toEqual([]);
      // Neither a <script> nor an inline handler touched the document.
      await expect(frame.locator('body')).not.toHaveAttribute('data-script', /.*/);
      await expect(frame.locator('body')).not.toHaveAttribute('data-onerror', /.*/);
      expect(dialogs).toEqual([]);
    });
  });

  test('the local draft survives a reload and is offered back', async ({ page, signIn }) => {
    recordDialogs(page);
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'password-reset');
    await page.getByLabel('Subject').fill('Reset it, {{ customer.first_name }}');
    await replaceCode(page, 'Text version', 'Draft body {{ reset_url }}');
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();

    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await expect(banner).toBeVisible();
    await expect(page.getByLabel('Subject')).not.toHaveValue('Reset it, {{ customer.first_name }}');
    await banner.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Reset it, {{ customer.first_name }}');
    await expect(page.getByRole('textbox', { name: 'Text version' })).toContainText('Draft body');
    // A text-only notification previews its text directly.
    await expect(page.getByLabel('Text preview')).toContainText(
      'Draft body https://shop.example.com/account/reset/',
    );

    // Revert discards the local changes and the draft.
    await page.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Unsaved draft' })).toHaveCount(0);
  });

  test('fast typing loses no keystroke in the editor or the preview', async ({
    page,
    signIn,
    api,
  }) => {
    // The demo's welcome is in the demo layout (issue 38's seed): this test is about the template.
    await api('/notifications/welcome', { method: 'PUT', body: JSON.stringify({ layout: null }) });
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'welcome');
    await replaceCode(page, 'Text version', 'Start:');
    const typed = 'the quick brown fox jumps over the lazy dog 0123456789';
    await page.keyboard.type(typed);
    await expect(page.getByRole('textbox', { name: 'Text version' })).toHaveText(`Start:${typed}`);
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await expect(page.getByLabel('Text preview')).toHaveText(`Start:${typed}`);
  });

  test('variables panel inserts at the cursor and lists what the sample lacks', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'welcome');
    await page.getByLabel('Subject').fill('Hi ');
    await page.getByRole('button', { name: /^shop\.name\b/ }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Hi {{ shop.name }}');
    await page.getByLabel('Subject').fill('Hi {{ customer.nickname }}');
    await expect(page.getByRole('list', { name: 'Missing variables' })).toContainText(
      'customer.nickname',
    );
  });

  test('a save after someone else saved asks about the shared field and merges the rest', async ({
    page,
    context,
    signIn,
  }) => {
    recordDialogs(page);
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'invoice');
    await page.getByLabel('Subject').fill('Mine: invoice {{ invoice.number }}');
    await page.getByLabel('Description').fill('Edited by me');

    // Someone else, in another tab, changes the subject and the name first.
    const other = await context.newPage();
    recordDialogs(other);
    await openEditor(other, 'invoice');
    await other.getByLabel('Subject').fill('Theirs: invoice {{ invoice.number }}');
    await other.getByLabel('Name', { exact: true }).fill('Invoice (theirs)');
    await other.keyboard.press('ControlOrMeta+s');
    await other
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await expect(other.getByText('Notification saved')).toBeVisible();
    await other.close();

    await page.keyboard.press('ControlOrMeta+s');
    const put = page.waitForResponse(isPutOf('invoice'));
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    expect((await put).status()).toBe(412);
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this notification' });
    await expect(conflict.getByRole('group', { name: 'Subject' })).toBeVisible();
    await expect(conflict.getByRole('group', { name: 'Name' })).toHaveCount(0);
    await conflict.getByRole('radio', { name: /Theirs/ }).check();
    await conflict.getByRole('button', { name: 'Save merge' }).click();

    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('region', { name: 'Changes to Description' })).toBeVisible();
    await expect(review.getByRole('region', { name: 'Changes to Subject' })).toHaveCount(0);
    const retry = page.waitForResponse(isPutOf('invoice'));
    await review.getByRole('button', { name: 'Save changes' }).click();
    expect((await retry).status()).toBe(200);
    await page.reload();
    await expect(page.getByLabel('Subject')).toHaveValue('Theirs: invoice {{ invoice.number }}');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Invoice (theirs)');
    await expect(page.getByLabel('Description')).toHaveValue('Edited by me');
  });

  test('a merge after a 412 is one undo step of the editor, and the edits before it stay', async ({
    page,
    context,
    signIn,
  }) => {
    recordDialogs(page);
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'invoice');
    const text = page.getByRole('textbox', { name: 'Text version' });
    await page.getByRole('tab', { name: /^Text/ }).click();
    const original = (await text.textContent()) ?? '';
    await replaceCode(page, 'Text version', 'Mine {{ invoice.number }}');

    // Someone else saves another text first.
    const other = await context.newPage();
    recordDialogs(other);
    await openEditor(other, 'invoice');
    await replaceCode(other, 'Text version', 'Theirs {{ invoice.number }}');
    await other.keyboard.press('ControlOrMeta+s');
    await other
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await expect(other.getByText('Notification saved')).toBeVisible();
    await other.close();

    await page.keyboard.press('ControlOrMeta+s');
    const put = page.waitForResponse(isPutOf('invoice'));
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    expect((await put).status()).toBe(412);
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this notification' });
    await conflict.getByRole('radio', { name: 'Text version: Theirs' }).check();
    await conflict.getByRole('button', { name: 'Save merge' }).click();
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Keep editing' })
      .click();
    await expect(text).toHaveText('Theirs {{ invoice.number }}');

    // The merge went into the editor as one command: one undo brings my text back whole, the
    // next one the document before my edit, and redo walks forward again.
    await text.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(text).toHaveText('Mine {{ invoice.number }}');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(text).toHaveText(original);
    await page.keyboard.press('ControlOrMeta+y');
    await page.keyboard.press('ControlOrMeta+y');
    await expect(text).toHaveText('Theirs {{ invoice.number }}');
  });

  test('generates the text version from the HTML after a confirmation', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'order-confirmation');
    await replaceCode(
      page,
      'HTML version',
      '<h1>Hi {{ customer.first_name }}</h1><p>Order <b>{{ order.number }}</b></p>',
    );
    await page.getByRole('button', { name: 'Generate text from HTML' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Replace the text version?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'Text version' })).toContainText(
      'Thank you for your order',
    );
    await page.getByRole('button', { name: 'Generate text from HTML' }).click();
    await confirm.getByRole('button', { name: 'Replace text' }).click();
    const text = page.getByRole('textbox', { name: 'Text version' });
    await expect(text).toContainText('Hi {{ customer.first_name }}');
    await expect(text).not.toContainText('Thank you for your order');
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await expect(page.getByLabel('Text preview')).toContainText('Order #1042');
  });

  test('the editor has no serious accessibility violations', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page, 'order-confirmation');
    const editor = await new AxeBuilder({ page }).exclude('iframe[title="HTML preview"]').analyze();
    expect(seriousOf(editor)).toEqual([]);
    await page.goto('/notifications');
    await expect(page.getByRole('table', { name: 'Notifications' })).toBeVisible();
    const list = await new AxeBuilder({ page }).analyze();
    expect(seriousOf(list)).toEqual([]);
  });
});
