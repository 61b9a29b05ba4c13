import { useEffect } from 'react';
import { clearAlertDraft, saveAlertDraft } from './alert-draft';
import type { AlertFormValues } from './alert-form-values';

/**
 * Keeps the form's values as a draft while they differ from what they started from, and drops
 * it when they do not (saved, discarded). An alert is a few hundred bytes: each change is
 * written at once, so a reload or a click elsewhere a moment later keeps it. `off` stops the
 * writes (a new alert just saved, on its way to its own page).
 */
export function useAlertDraft(options: {
  site: string;
  alert: string;
  basis: string;
  values: AlertFormValues;
  dirty: boolean;
  off?: boolean;
}) {
  const { site, alert, basis, values, dirty, off = false } = options;
  useEffect(() => {
    if (off) return;
    if (dirty) saveAlertDraft(site, alert, { basis, values });
    else clearAlertDraft(site, alert);
  }, [site, alert, basis, values, dirty, off]);
}
