/**
 * A domain error of the log wing: a `q` search ran past its time budget (the index step's
 * deadline, SEARCH_TIME_BUDGET_MS). The store throws it; the one error handler (server/http/errors.ts)
 * answers it as a 400 on `q`, as it answers a busy database as a 503 (decision 009: no HTTP in
 * the store).
 */
export class SearchBudgetExhausted extends Error {
  override name = 'SearchBudgetExhausted';

  constructor(readonly timeBudgetMs: number) {
    super(
      `The search ran past its time budget of ${String(timeBudgetMs)} ms; narrow it with since ` +
        'and before or with longer words',
    );
  }
}
