/**
 * The thread that renders test sends and impact previews, and reads templates for the checks
 * (started by template-renderer.ts, which holds the reasons). Plain JavaScript so that a worker thread runs it under tsx, vitest and plain
 * Node alike; it renders with the one renderer of an e-mail (contract/render-document.js).
 *
 * One job renders one or more documents (template + layout + snippets of a locale, the fields
 * asked) with ONE time budget (`renderLimit`), ONE memory budget (`memoryLimit`) and ONE output
 * budget (`maxOutputBytes`, or the job's own) for the whole job: an emitter counts what it is given and throws past
 * `maxOutputBytes`, so a loop that prints a 900 kB variable 500 times stops at the first megabyte
 * instead of building 450 MB. Synchronous rendering: this thread has nothing else to do, and the
 * service's event loop is not this one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { renderDocument } from '../../../contract/render-document.js';
import { inspectTemplate, renderedLinks } from '../checks/template-inspection.js';

const { options, maxOutputBytes } = workerData;
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

function renderOne(document, budget, limits) {
  let current = document.fields[0] ?? 'subject';
  try {
    const results = renderDocument(document.sources, document.data, {
      liquid: options,
      fields: document.fields,
      emitter: () => boundedEmitter(budget),
      onField: (field) => {
        current = field;
        port.postMessage({ type: 'field', name: field });
      },
      isFatal: () => budget.overflowed,
      budget: limits,
    });
    const rendered = {};
    const problems = [];
    for (const [field, result] of Object.entries(results)) {
      if (result.ok) rendered[field] = result.output;
      else
        problems.push({
          field,
          code: 'failed',
          message: result.problem.message,
          detail: result.problem,
        });
    }
    if (problems.length > 0) return { kind: 'problems', problems };
    // The checks' links that print nothing: read here, so the service's thread parses no HTML.
    return document.links && typeof rendered.html === 'string'
      ? { kind: 'rendered', rendered, links: renderedLinks(rendered.html) }
      : { kind: 'rendered', rendered };
  } catch (error) {
    if (budget.overflowed) {
      // The budget is spent: the fields after this one could not print a byte.
      return { kind: 'problems', problems: [{ field: current, code: 'too_large', message: '' }] };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'problems', problems: [{ field: current, code: 'failed', message }] };
  }
}

/** The checks' reading of templates (issue 39): parsed here, off the service's event loop. */
function inspect(templates) {
  return templates.map((template) => inspectTemplate(template));
}

port.on('message', ({ documents, outputBytes, inspect: templates }) => {
  if (templates) {
    port.postMessage({ type: 'done', inspections: inspect(templates) });
    return;
  }
  const budget = { left: outputBytes ?? maxOutputBytes, overflowed: false };
  // One time and memory budget for the whole job, however many documents it has.
  const limits = {};
  const outcomes = [];
  for (const document of documents) {
    const outcome = renderOne(document, budget, limits);
    outcomes.push(outcome);
    if (budget.overflowed) break;
  }
  port.postMessage({ type: 'done', outcomes });
});
