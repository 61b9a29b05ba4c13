import type { LiquidField } from '../../../../contract/schemas/notification';
import {
  EMPTY_PREVIEW,
  nextPreview,
  renderNotification,
  type PreviewState,
  type TemplateSources,
} from './render-template';

/**
 * Remembers the last good output of each field between renders, so a template that stops
 * parsing mid-typing keeps showing its last good preview beside the error.
 */
export class PreviewEngine {
  private state: PreviewState = EMPTY_PREVIEW;
  private lastSources: TemplateSources | null = null;
  private lastData: unknown = null;
  /** How long the last render took; small templates are rendered in the keystroke's own render. */
  lastDurationMs = 0;

  update(sources: TemplateSources, data: Record<string, unknown>): PreviewState {
    const same =
      this.lastData === data &&
      this.lastSources !== null &&
      (Object.keys(sources) as LiquidField[]).every((f) => this.lastSources?.[f] === sources[f]);
    if (same) return this.state;
    const started = performance.now();
    this.state = nextPreview(this.state, renderNotification(sources, data));
    this.lastDurationMs = performance.now() - started;
    this.lastSources = sources;
    this.lastData = data;
    return this.state;
  }
}
