import { LIQUID_RENDER_OPTIONS } from '../../../contract/liquid-render';
import { TemplateRenderer } from '../mail/template-renderer';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { MAX_RENDERED_BYTES } from './test-send';

/** Two services on databases of their own: one whose checks' renderer is always out of time. */
export interface BusyRendererApis {
  /** The checks render with a budget of 0 ms: every job of the worker runs over it. */
  late: TestApi;
  /** The control: the ordinary renderer, in time. */
  ordinary: TestApi;
  close(): Promise<void>;
}

/**
 * A renderer out of time (issue 39, decision 092): liquidjs's own limit and the worker's
 * answer after its budget and grace are all 0 ms, so no render of the checks finishes, beside
 * a service with the ordinary renderer to compare with.
 */
export async function busyRendererApis(): Promise<BusyRendererApis> {
  const renderer = new TemplateRenderer({
    liquid: { ...LIQUID_RENDER_OPTIONS, renderLimit: 0 },
    maxOutputBytes: MAX_RENDERED_BYTES,
    graceMs: 0,
  });
  const late = await startTestApi({ checksRenderer: renderer });
  const ordinary = await startTestApi();
  return {
    late,
    ordinary,
    async close() {
      await late.close();
      await ordinary.close();
      await renderer.close();
    },
  };
}
