import { CONSENT_MODE_SIGNALS, type ConsentModeSignal } from '../../../../contract/schemas/consent';
import type { ConsentConfig } from '../../../../contract/wire/consent';

export type SignalState = Record<ConsentModeSignal, 'granted' | 'denied'>;

/**
 * The Google Consent Mode state a visitor's choices produced with the configuration they were
 * shown, by installConsentMode's rule (consent-mode.ts, what the exported banner runs): a signal
 * is granted when at least one application serves one of its purposes and the visitor accepted
 * every such application (a required one is always accepted: Klaro
 * reports it so). Null when Consent Mode was off in that configuration.
 */
export function consentModeSignals(
  config: Pick<ConsentConfig, 'consent_mode' | 'applications'>,
  choices: Readonly<Record<string, boolean>>,
): SignalState | null {
  const mapping = config.consent_mode;
  if (!mapping) return null;
  const state = {} as SignalState;
  for (const signal of CONSENT_MODE_SIGNALS) {
    const purposes: readonly string[] = mapping[signal] ?? [];
    const serving = config.applications.filter((app) =>
      app.purposes.some((purpose) => purposes.includes(purpose)),
    );
    const granted =
      serving.length > 0 && serving.every((app) => app.required || choices[app.name] === true);
    state[signal] = granted ? 'granted' : 'denied';
  }
  return state;
}
