// The e2e test with an SMTP server in the test process that keeps what arrives, and the real
// service started with SMTP_URL pointing at it, for the tests of "Send test to me".
import { startSmtpSink, type SmtpSink } from '../server/notifications/mail/smtp-sink.test-helper';
import { test } from './fixtures';

export const mailTest = test.extend<{ sink: SmtpSink }>({
  sink: async ({}, use) => {
    const sink = await startSmtpSink();
    await use(sink);
    await sink.close();
  },
  serverEnv: async ({ sink }, use) => {
    await use({ SMTP_URL: sink.url, SMTP_FROM: 'Shop <shop@example.com>' });
  },
});
