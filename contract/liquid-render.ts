import type { LiquidOptions } from 'liquidjs';

/**
 * How a template is rendered, in the editor's preview and in a test send alike: the service's
 * parser defaults (so what parses there parses here), lenient about unknown variables like a
 * mail sender, and bounded so a runaway loop (`{% for i in (1..100000000) %}`) cannot freeze a
 * tab or the service.
 */
export const LIQUID_RENDER_OPTIONS: LiquidOptions = {
  cache: false,
  strictVariables: false,
  strictFilters: false,
  ownPropertyOnly: true,
  renderLimit: 1_000,
  memoryLimit: 50_000_000,
};
