// "Send test to me" in the notification editor, against the real service started with SMTP_URL
// pointing at an SMTP server in the test process, which keeps what arrives.
import { expect, test as base } from './fixtures';
import { mailTest } from './mail-test';
import { openEditor, replaceCode } from './pages';

base.describe('send a test without SMTP', () => {
  base('the button is off and says how to turn test sends on', async ({ page, signIn }) => {
    await signIn(page);
    await openEditor(page);
    const button = page.getByRole('button', { name: 'Send test to me' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/Test sends are off\. Set SMTP_URL/);
  });
});

const test = mailTest;

test.describe('send a test through SMTP', () => {
  test('sends the edited template with the selected sample; both parts arrive', async ({
    page,
    signIn,
    sink,
  }) => {
    await signIn(page);
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
