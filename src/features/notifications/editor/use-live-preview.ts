import { useDeferredValue, useMemo, useState } from 'react';
import type { NotificationWritableFields } from '../../../../contract/schemas/notification';
import { PreviewEngine } from './preview-engine';
import { missingVariables, offeredVariables, usedVariables } from './template-variables';
import { unknownVariables } from './unknown-variables';
import { useDebouncedValue } from './use-debounced-value';
import { useValueAfterPaint } from './use-value-after-paint';

/** Renders cheaper than this happen with the keystroke; dearer ones at a lower priority. */
const INLINE_RENDER_MS = 12;

/**
 * The preview of the form's current values with the sample. A template that renders fast is
 * rendered in the keystroke's own render (one React pass: the preview follows ~10 ms sooner);
 * a slow one at a lower priority than the typing (useDeferredValue), so keys are never held up.
 * `afterPaint` (the visual canvas is shown, and is the typing's feedback): always after the
 * keystroke's frame is painted, so the canvas never waits for the preview.
 */
export function useLivePreview(
  values: NotificationWritableFields,
  data: Record<string, unknown>,
  known: readonly unknown[],
  afterPaint = false,
) {
  const [engine] = useState(() => new PreviewEngine());
  const lowPriority = useDeferredValue(values);
  const painted = useValueAfterPaint(values, afterPaint);
  const inline = engine.lastDurationMs < INLINE_RENDER_MS ? values : lowPriority;
  const shown = afterPaint ? painted : inline;
  const preview = useMemo(
    () => engine.update({ subject: shown.subject, text: shown.text, html: shown.html }, data),
    [engine, shown.subject, shown.text, shown.html, data],
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
  const unknown = useMemo(
    () => ({
      subject: unknownVariables(settled.subject, known),
      text: unknownVariables(settled.text, known),
      html: settled.html_enabled ? unknownVariables(settled.html, known) : [],
    }),
    [settled.subject, settled.text, settled.html, settled.html_enabled, known],
  );
  return { preview, used, missing, offered, unknown };
}
