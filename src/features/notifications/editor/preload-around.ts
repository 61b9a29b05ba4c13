// What a template's Visual canvas draws around its content (issue 38): its layout, dimmed and
// locked, and each snippet's preview in its chip. Fetched as soon as the notification is known,
// beside the editor's own chunk, so that the canvas's first drawing already has them: waiting for
// them after the canvas drew meant one more chunk, then /snippets, then the canvas drawn twice
// (bench:editor:layout, open p95 582 ms against 220 alone).
import type { QueryClient } from '@tanstack/react-query';
import { layoutsQueryOptions, snippetsQueryOptions } from '../../../api/layouts';
import type * as AroundModule from '../layouts/canvas-around';

type CanvasAroundModule = typeof AroundModule;

let loading: Promise<CanvasAroundModule> | null = null;
let loaded: CanvasAroundModule | null = null;

/** The chunk drawn around the canvas, fetched once (again after a failed fetch). */
export function loadCanvasAround(): Promise<CanvasAroundModule> {
  loading ??= import('../layouts/canvas-around').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The chunk, if it has arrived: drawn at once, without a suspended render in between. */
export function loadedCanvasAround(): CanvasAroundModule | null {
  return loaded;
}

const SNIPPET_TAG = /\{%-?\s*(render|include)\s/;

/** What of a notification, as the service sent it (fields may be missing), tells that. */
export interface AroundHints {
  html_enabled?: boolean | null;
  layout?: string | null;
  html?: string | null;
  translations?: Record<string, { html?: string | null }> | null;
}

/** Whether a template's canvas draws anything around its content: a layout, or a snippet. */
export function drawsAround(notification: AroundHints): boolean {
  if (notification.layout) return true;
  const translations = Object.values(notification.translations ?? {});
  const sources = [notification.html, ...translations.map((translation) => translation.html)];
  return sources.some((html) => typeof html === 'string' && SNIPPET_TAG.test(html));
}

/** Starts fetching the chunk, the layouts and the snippets of a template that will need them. */
export function preloadAround(client: QueryClient, notification: AroundHints): void {
  if (notification.html_enabled === false || !drawsAround(notification)) return;
  // A failure is the canvas's to say: it asks again when it is shown.
  const ignore = () => undefined;
  void loadCanvasAround().catch(ignore);
  void client.query(layoutsQueryOptions()).catch(ignore);
  // A layout's own html may render a snippet (a footer) even when the template does not.
  void client.query(snippetsQueryOptions()).catch(ignore);
}
