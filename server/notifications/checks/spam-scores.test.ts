import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SpamScores, type SpamMessage } from './spam-scores';

/**
 * A spamd that speaks the protocol, counts the messages it is asked about and scores each by
 * its content (one point per "FREE"), so a verdict shows which message it belongs to.
 */
async function countingSpamd(
  port = 0,
): Promise<{ server: Server; port: number; asked: () => number }> {
  let asked = 0;
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      asked += 1;
      const free = (Buffer.concat(chunks).toString('utf8').match(/FREE/g) ?? []).length;
      socket.end(
        [
          'SPAMD/1.1 0 EX_OK',
          `Spam: False ; ${free.toFixed(1)} / 5.0`,
          '',
          ' pts rule name              description',
          '---- ---------------------- --------------------------------------------------',
          ` ${free.toFixed(1)} FREE_WORDS             Says FREE`,
          '',
        ].join('\r\n'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, asked: () => asked };
}

const message = (html: string): SpamMessage => ({
  from: 'shop@example.com',
  subject: 'Your order',
  text: 'Thanks',
  html,
});

describe('SpamScores', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const start = async (port = 0) => {
    const spamd = await countingSpamd(port);
    servers.push(spamd.server);
    return spamd;
  };

  it('asks spamd once per distinct message and answers each with its own verdict', async () => {
    const spamd = await start();
    const scores = new SpamScores({ spamd: { host: '127.0.0.1', port: spamd.port } });
    expect((await scores.verdict(message('<p>FREE</p>')))?.score).toBe(1);
    expect((await scores.verdict(message('<p>FREE FREE</p>')))?.score).toBe(2);
    expect(spamd.asked()).toBe(2);
    expect((await scores.verdict(message('<p>FREE</p>')))?.score).toBe(1);
    expect((await scores.verdict(message('<p>FREE FREE</p>')))?.score).toBe(2);
    expect(spamd.asked()).toBe(2);
    // Any field SpamAssassin reads makes it another message.
    const subject = await scores.verdict({ ...message('<p>FREE</p>'), subject: 'FREE order' });
    const textOnly = await scores.verdict({ from: 'shop@example.com', subject: 'x', text: 'Hi' });
    expect(subject?.score).toBe(2);
    expect(textOnly?.score).toBe(0);
    expect(spamd.asked()).toBe(4);
  });

  it('shares a verdict on its way between two asks of the same message', async () => {
    const spamd = await start();
    const scores = new SpamScores({ spamd: { host: '127.0.0.1', port: spamd.port } });
    const [a, b] = await Promise.all([
      scores.verdict(message('<p>FREE</p>')),
      scores.verdict(message('<p>FREE</p>')),
    ]);
    expect(a).toEqual(b);
    expect(spamd.asked()).toBe(1);
  });

  it('keeps at most maxEntries verdicts, dropping the least recently used', async () => {
    const spamd = await start();
    const scores = new SpamScores({
      spamd: { host: '127.0.0.1', port: spamd.port },
      maxEntries: 2,
    });
    await scores.verdict(message('a'));
    await scores.verdict(message('b'));
    await scores.verdict(message('a')); // a is now the most recent
    await scores.verdict(message('c')); // b goes
    expect(scores.size).toBe(2);
    expect(spamd.asked()).toBe(3);
    await scores.verdict(message('a'));
    await scores.verdict(message('c'));
    expect(spamd.asked()).toBe(3);
    await scores.verdict(message('b'));
    expect(spamd.asked()).toBe(4);
  });

  it('asks again once a verdict is older than maxAgeMs', async () => {
    const spamd = await start();
    let now = 0;
    const scores = new SpamScores({
      spamd: { host: '127.0.0.1', port: spamd.port },
      maxAgeMs: 1_000,
      now: () => now,
    });
    await scores.verdict(message('a'));
    now = 999;
    await scores.verdict(message('a'));
    expect(spamd.asked()).toBe(1);
    now = 1_000;
    await scores.verdict(message('a'));
    expect(spamd.asked()).toBe(2);
  });

  it('does not keep "not available": the next ask tries spamd again', async () => {
    const spamd = await start();
    const { port } = spamd;
    await new Promise((resolve) => spamd.server.close(resolve));
    servers.splice(0);
    const scores = new SpamScores({ spamd: { host: '127.0.0.1', port } });
    expect(await scores.verdict(message('a'))).toBeNull();
    expect(scores.size).toBe(0);
    // spamd is back on the same port: the same message now gets its score.
    const again = await start(port);
    expect((await scores.verdict(message('<p>FREE</p>')))?.score).toBe(1);
    expect((await scores.verdict(message('a')))?.score).toBe(0);
    expect(again.asked()).toBe(2);
  });
});
