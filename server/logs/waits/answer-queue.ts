/**
 * The queue of waits a commit ended, answered in turns of ANSWERS_PER_TURN (decision 034): a
 * commit can end a thousand waits, and writing a thousand answers in one go held the event loop
 * (timers, other requests) for tens of milliseconds. When the loop cannot keep up (the first
 * queued wait has waited MAX_ANSWER_DELAY_MS), a turn answers the whole queue: on an overloaded
 * machine small turns would let the requests coming in go first and the answers fall seconds
 * behind. A wait queued again before its turn gets the newer page.
 */
import type { LogPage } from '../store/app-logs-page';

/**
 * Waits answered per turn of the event loop (then `setImmediate`, so timers and other sockets
 * run in between). A hundred answers are a few milliseconds of writes (BENCHMARKS.md).
 */
export const ANSWERS_PER_TURN = 100;
/** A queued wait waits at most this long for its turn; past it a turn answers every queued wait. */
export const MAX_ANSWER_DELAY_MS = 50;

/** What the queue keeps on a wait while it is queued. */
export interface Queueable {
  /** The page to answer with; null: not in the queue. */
  duePage: LogPage | null;
  /** When it was queued (the queue's clock). */
  dueSince: number;
}

export class AnswerQueue<W extends Queueable> {
  private due: W[] = [];
  private turn: ReturnType<typeof setImmediate> | null = null;
  private taken = 0;

  constructor(
    /** Answers a wait whose turn came (it may have ended meanwhile). */
    private readonly answer: (waiter: W, page: LogPage) => void,
    /** Milliseconds, for the deadline; tests pass their own. */
    private readonly now: () => number,
  ) {}

  /** Queues `waiter` to be answered in a coming turn with `page` (or a newer one). */
  schedule(waiter: W, page: LogPage): void {
    if (waiter.duePage === null) {
      this.due.push(waiter);
      waiter.dueSince = this.now();
    }
    waiter.duePage = page;
    this.turn ??= setImmediate(() => {
      this.answerDue();
    });
  }

  /** Waits queued since the start, and of them taken from the queue (FIFO). */
  counts(): { queued: number; dequeued: number } {
    return { queued: this.taken + this.due.length, dequeued: this.taken };
  }

  /**
   * Answers the next ANSWERS_PER_TURN queued waits, or all of them once the first has waited
   * MAX_ANSWER_DELAY_MS.
   */
  private answerDue(): void {
    this.turn = null;
    const first = this.due[0];
    const late = first !== undefined && this.now() - first.dueSince >= MAX_ANSWER_DELAY_MS;
    const turn =
      late || this.due.length <= ANSWERS_PER_TURN ? this.due : this.due.splice(0, ANSWERS_PER_TURN);
    if (turn === this.due) this.due = [];
    this.taken += turn.length;
    for (const waiter of turn) {
      const page = waiter.duePage;
      waiter.duePage = null;
      if (page) this.answer(waiter, page);
    }
    if (this.due.length > 0) {
      this.turn = setImmediate(() => {
        this.answerDue();
      });
    }
  }
}
