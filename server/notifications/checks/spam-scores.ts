/**
 * SpamAssassin's verdicts on the checks' messages, each distinct message scored once (issue 39,
 * decision 086). spamd spends a few hundred milliseconds of CPU on a 25 kB HTML message, and
 * the checks run again on every pause in the editor: most runs send spamd the very messages
 * it scored a moment ago (the locales nobody touched). A verdict is kept under the hash of what
 * SpamAssassin reads (sender, subject, text, HTML: the composed message differs only in its
 * Message-ID, Date and MIME boundary), so an unchanged locale is answered from memory with the
 * score spamd gave that same message, and a changed one is scored by spamd. Bounded in count
 * and in age (an operator may update spamd's rules under it); "not available" is never kept.
 */
import { createHash } from 'node:crypto';
import type { SpamVerdict } from '../../../contract/schemas/test-inbox';
import { composeMessage } from '../mail/compose-message';
import { spamVerdict, type SpamdOptions } from '../mail/spamd-client';

/** What SpamAssassin is asked about: the message a test send of the rendered locale mails. */
export interface SpamMessage {
  from: string;
  subject: string;
  text: string;
  /** Absent: a text-only message. */
  html?: string;
}

export interface SpamScoresOptions {
  spamd: SpamdOptions;
  /** Verdicts kept; past it, the least recently used goes. */
  maxEntries?: number;
  /** How long a verdict is reused before spamd is asked again. */
  maxAgeMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

interface Entry {
  verdict: Promise<SpamVerdict | null>;
  at: number;
}

export const SPAM_SCORES_MAX_ENTRIES = 256;
export const SPAM_SCORES_MAX_AGE_MS = 10 * 60_000;

export class SpamScores {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SpamScoresOptions) {
    this.maxEntries = options.maxEntries ?? SPAM_SCORES_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? SPAM_SCORES_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /** How many verdicts are held (asked or being asked). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * spamd's verdict on the message, asked once per distinct message: a second ask while the
   * first is on its way shares it. null (no spamd answered) is not kept: the next ask tries again.
   */
  verdict(message: SpamMessage): Promise<SpamVerdict | null> {
    const key = keyOf(message);
    const now = this.now();
    const held = this.entries.get(key);
    this.entries.delete(key);
    if (held && now - held.at < this.maxAgeMs) {
      this.entries.set(key, held);
      return held.verdict;
    }
    const entry: Entry = { verdict: this.ask(message), at: now };
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    void entry.verdict.then((verdict) => {
      if (verdict === null && this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.verdict;
  }

  private async ask(message: SpamMessage): Promise<SpamVerdict | null> {
    const { raw } = await composeMessage({ ...message, to: 'checks@localhost' });
    return spamVerdict(raw, this.options.spamd);
  }
}

function keyOf({ from, subject, text, html }: SpamMessage): string {
  return createHash('sha256')
    .update(JSON.stringify([from, subject, text, html ?? null]))
    .digest('hex');
}
