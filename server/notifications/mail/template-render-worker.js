/**
 * The thread that renders test sends (started by template-renderer.ts, which holds the reasons).
 * Plain JavaScript so that a worker thread runs it under tsx, vitest and plain Node alike.
 *
 * One job renders up to three fields with ONE time budget (`renderLimit`) and ONE memory budget
 * (`memoryLimit`): the contexts share liquidjs's limiters. Output goes to an emitter that counts
 * what it is given and throws past `maxOutputBytes` for all fields together, so a loop that
 * prints a 900 kB variable 500 times stops at the first megabyte instead of building 450 MB.
 * Synchronous rendering: this thread has nothing else to do, and the service's event loop is not
 * this one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Context, Liquid, toValueSync } from 'liquidjs';

const { options, maxOutputBytes } = workerData;
const engine = new Liquid(options);
const port = parentPort;

class OutputOverflow extends Error {}

/** An emitter (liquidjs's interface: `write` and `buffer`) that stops at the shared budget. */
function boundedEmitter(budget) {
  return {
    buffer: '',
    write(html) {
      const text = html === null || html === undefined ? '' : String(html);
      budget.left -= Buffer.byteLength(text);
      if (budget.left < 0) {
        budget.overflowed = true;
        throw new OutputOverflow('rendered output over budget');
      }
      this.buffer += text;
    },
  };
}

function render(fields, data) {
  const budget = { left: maxOutputBytes, overflowed: false };
  const rendered = {};
  const problems = [];
  let limits = {};
  for (const { name, source } of fields) {
    port.postMessage({ type: 'field', name });
    const emitter = boundedEmitter(budget);
    try {
      const templates = engine.parse(source);
      const ctx = new Context(data, engine.options, { sync: true }, { liquid: engine, ...limits });
      // The first field's limiters count for the others too: one budget for the whole send.
      limits = { renderLimit: ctx.renderLimit, memoryLimit: ctx.memoryLimit };
      toValueSync(engine.renderer.renderTemplates(templates, ctx, emitter));
      rendered[name] = emitter.buffer;
    } catch (error) {
      if (budget.overflowed) {
        // The budget is spent: the fields after this one could not print a byte.
        problems.push({ field: name, code: 'too_large', message: '' });
        break;
      }
      const message = error instanceof Error ? error.message : String(error);
      problems.push({ field: name, code: 'failed', message });
    }
  }
  return problems.length > 0 ? { type: 'problems', problems } : { type: 'rendered', rendered };
}

port.on('message', ({ fields, data }) => {
  port.postMessage(render(fields, data));
});
