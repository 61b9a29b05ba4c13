import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { composeMessage } from './compose-message';
import { parseSpamdReport, spamdAddress, spamVerdict } from './spamd-client';

const REPORT = [
  'SPAMD/1.1 0 EX_OK',
  'Content-length: 600',
  'Spam: False ; 1.7 / 5.0',
  '',
  'Spam detection software, running on the system "host", has NOT identified',
  'this incoming email as spam.',
  '',
  'Content analysis details:   (1.7 points, 5.0 required)',
  '',
  ' pts rule name              description',
  '---- ---------------------- --------------------------------------------------',
  ' 0.0 NO_RELAYS              Informational: message was not relayed via SMTP',
  ' 1.7 HTML_IMAGE_ONLY_04     BODY: HTML: images with 0-400 bytes of',
  '                            words',
  '-0.0 NO_RECEIVED            Informational: message has no Received headers',
  '',
].join('\r\n');

describe('parseSpamdReport', () => {
  it('reads the score, the threshold and the rules, highest first, descriptions joined', () => {
    expect(parseSpamdReport(REPORT)).toEqual({
      score: 1.7,
      threshold: 5,
      is_spam: false,
      rules: [
        {
          name: 'HTML_IMAGE_ONLY_04',
          score: 1.7,
          description: 'BODY: HTML: images with 0-400 bytes of words',
        },
        {
          name: 'NO_RELAYS',
          score: 0,
          description: 'Informational: message was not relayed via SMTP',
        },
        {
          name: 'NO_RECEIVED',
          score: -0,
          description: 'Informational: message has no Received headers',
        },
      ],
    });
  });

  it('says spam when spamd does', () => {
    expect(parseSpamdReport(REPORT.replace('Spam: False ; 1.7', 'Spam: True ; 7.2'))).toMatchObject(
      {
        score: 7.2,
        is_spam: true,
      },
    );
  });

  it('is null for an error status or an answer without a verdict', () => {
    expect(parseSpamdReport('SPAMD/1.0 76 Bad header line: x\r\n')).toBeNull();
    expect(parseSpamdReport('SPAMD/1.1 0 EX_OK\r\n\r\n')).toBeNull();
    expect(parseSpamdReport('garbage')).toBeNull();
  });
});

describe('spamdAddress', () => {
  it('reads host and port, 783 by default', () => {
    expect(spamdAddress('127.0.0.1:7830')).toEqual({ host: '127.0.0.1', port: 7830 });
    expect(spamdAddress('spam.internal')).toEqual({ host: 'spam.internal', port: 783 });
    expect(spamdAddress('[::1]:784')).toEqual({ host: '::1', port: 784 });
  });
});

describe('spamVerdict', () => {
  const mail = {
    from: 'Shop <shop@example.com>',
    to: 'admin@example.com',
    subject: 'Your order',
    text: 'Thanks for your order.',
    html: '<p>Thanks for your order.</p><img src="http://example.com/a.png">',
  };

  it('is null (not available) when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const { raw } = await composeMessage(mail);
    expect(await spamVerdict(raw, { host: '127.0.0.1', port })).toBeNull();
  });

  it('is null when the answer does not come within the time given', async () => {
    // A server that accepts and never answers.
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { raw } = await composeMessage(mail);
      expect(await spamVerdict(raw, { host: '127.0.0.1', port, timeoutMs: 200 })).toBeNull();
    } finally {
      server.close();
    }
  });

  const address = process.env.TEST_SPAMD_ADDRESS;
  it.runIf(Boolean(address))(
    'asks a real spamd (TEST_SPAMD_ADDRESS) and gets its rules',
    async () => {
      const { raw } = await composeMessage(mail);
      const verdict = await spamVerdict(raw, spamdAddress(address ?? ''));
      expect(verdict?.threshold).toBe(5);
      expect(verdict?.rules.map((rule) => rule.name)).toContain('HTML_MESSAGE');
    },
  );
});
