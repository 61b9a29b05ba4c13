import { AlertEvaluator, type EvaluatorOptions } from './alert-evaluator';

/**
 * An evaluator as the alerts' tests build it: their sender, their dashboard address and a budget
 * no busy machine spends; the database, the renderer, the clock and the mailer are the test's.
 */
export function testEvaluator(
  options: Pick<EvaluatorOptions, 'db' | 'renderer' | 'now' | 'mailer'> & Partial<EvaluatorOptions>,
): AlertEvaluator {
  return new AlertEvaluator({
    from: 'alerts@console.test',
    publicUrl: 'https://console.example.com',
    timeBudgetMs: 60_000,
    ...options,
  });
}
