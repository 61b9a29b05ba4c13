import { useDeferredValue, useMemo, useState } from 'react';
import type { NotificationWritableFields } from '../../api/schemas/notification';
import { PreviewEngine } from './preview-engine';
import { missingVariables, offeredVariables, usedVariables } from './template-variables';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The preview of the form's current values with the sample: rendered at a lower priority than
 * the typing itself (useDeferredValue), so a keystroke is never held up by Liquid.
 */
export function useLivePreview(values: NotificationWritableFields, data: Record<string, unknown>) {
  const deferred = useDeferredValue(values);
  const [engine] = useState(() => new PreviewEngine());
  const preview = useMemo(
    () =>
      engine.update({ subject: deferred.subject, text: deferred.text, html: deferred.html }, data),
    [engine, deferred.subject, deferred.text, deferred.html, data],
  );
  // The variables panel follows once typing pauses: static analysis of a big template costs
  // more than the whole keystroke-to-preview budget.
  const settled = useDebouncedValue(values, 300);
  const used = useMemo(
    () => usedVariables([settled.subject, settled.text, settled.html_enabled ? settled.html : '']),
    [settled.subject, settled.text, settled.html, settled.html_enabled],
  );
  const missing = useMemo(() => missingVariables(used, data), [used, data]);
  const offered = useMemo(() => offeredVariables(data), [data]);
  return { preview, used, missing, offered };
}
