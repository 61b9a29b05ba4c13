// "Send test to me" in the notification editor, against the real service started with SMTP_URL
// pointing at an SMTP server in the test process, which keeps what arrives.
import { expect } from './fixtures';
import { inboxTest } from './inbox-test';
import { mailTest } from './mail-test';
import { openEditor, replaceCode } from './pages';

inboxTest.describe('send a test without SMTP', () => {
  inboxTest(
    'one click after start: the send lands in the Test inbox with its spam score',
    async ({ page, signIn }) => {
      // The editor, SpamAssassin and a second tab on a shared, busy machine.
      inboxTest.slow();
      await signIn(page, 'demo', { open: false });
      await openEditor(page);
      await replaceCode(page, 'HTML version', '<h1>Hello {{ customer.first_name }}</h1>');
      const button = page.getByRole('button', { name: 'Send test to me' });
      await expect(button).toBeEnabled();
      await expect(button).toHaveAccessibleDescription(/Test inbox \(no SMTP_URL is set\)/);
      await button.click();
      await expect(page.getByText('Test sent to the Test inbox')).toBeVisible();
      const [inbox] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: 'Open the Test inbox' }).click(),
      ]);

      await expect(inbox.getByRole('heading', { name: 'Test inbox', level: 1 })).toBeVisible();
      const sends = inbox.getByRole('list', { name: 'Test sends' });
      await expect(sends.getByRole('listitem')).toHaveCount(1);
      await expect(sends).toContainText(/\[Test\] /);
      await expect(sends).toContainText(/Spam score -?\d+\.\d \/ 5\.0/);
      const mail = inbox.frameLocator('iframe[title="Mail as HTML"]');
      await expect(mail.getByRole('heading', { name: 'Hello Ada' })).toBeVisible();

      await inbox.getByRole('tab', { name: 'Spam' }).click();
      await expect(inbox.getByRole('cell', { name: 'HTML_MESSAGE' })).toBeVisible();
      await inbox.getByRole('tab', { name: 'Headers' }).click();
      await expect(inbox.getByText('Message-ID', { exact: true })).toBeVisible();
    },
  );
});

const test = mailTest;

test.describe('send a test through SMTP', () => {
  test('sends the edited template with the selected sample; both parts arrive', async ({
    page,
    signIn,
    sink,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(page, 'HTML version', '<h1>Hello {{ customer.first_name }}</h1>');
    await replaceCode(page, 'Text version', 'Text for {{ customer.name }}');
    const button = page.getByRole('button', { name: 'Send test to me' });
    await expect(button).toBeEnabled();
    await expect(button).toHaveAccessibleDescription(/To .+@.+, rendered with the sample/);
    await button.click();
    await expect(page.getByText(/^Test sent to /)).toBeVisible();
    await expect.poll(() => sink.messages.length).toBe(1);
    const [mail] = sink.messages;
    expect(mail?.from).toBe('shop@example.com');
    expect(mail?.subject).toMatch(/^\[Test\] .*/);
    expect(mail?.text).toBe('Text for Ada Lovelace');
    expect(mail?.html).toBe('<h1>Hello Ada</h1>');
  });
});
