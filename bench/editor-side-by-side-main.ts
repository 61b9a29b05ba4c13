// `npx tsx bench/editor-side-by-side-main.ts`: the side-by-side case of `npm run bench:editor`
// alone (see bench/editor-side-by-side.ts); BUILD_DIR reuses a built dist.
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { bigTemplate, build, percentile, typeInCanvas } from './editor';
import { sideBySideCase } from './editor-side-by-side';

/** The case alone: RUNS runs (3), each on a fresh service and browser; the p95s and their ratio. */
async function main() {
  const median = (values: number[]) => percentile(values, 50);
  const { dir, temporary } = build();
  const runs = Number(process.env.RUNS ?? 3);
  const ratios: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const api = await startTestApi({ staticDir: dir });
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
      try {
        const { off, on } = await sideBySideCase(api, browser, bigTemplate(), typeInCanvas);
        const p95 = (values: number[]) => percentile(values, 95);
        ratios.push(p95(on.canvas) / p95(off.canvas));
        console.log(
          `run ${i + 1}: canvas updated p95 off ${p95(off.canvas).toFixed(1)} ms, on ${p95(on.canvas).toFixed(1)} ms ` +
            `(source updated p95 off ${p95(off.handled).toFixed(1)}, on ${p95(on.handled).toFixed(1)}; n=${on.canvas.length}+${off.canvas.length}); on ÷ off ${ratios.at(-1)?.toFixed(2)}`,
        );
      } finally {
        await browser.close();
        await api.close();
      }
    }
    console.log(`median on ÷ off, canvas updated p95: ${median(ratios).toFixed(2)}`);
  } finally {
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('editor-side-by-side-main.ts'))
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
