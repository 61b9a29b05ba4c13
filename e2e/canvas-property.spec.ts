// The canvas against an oracle (issue 25, decision 037): on six templates in the styles of the
// field, a random selection (carets in texts, links, buttons, bold and beside chips; ranges in a
// text, across a link's boundary, a whole link, a whole block) and random inputs (a word,
// Backspace, Delete, Enter, Shift+Enter, paste, Ctrl+B, undo): Enter splits blocks and Backspace/Delete at a
// block's edge join them, in the oracle as in the canvas. The stored source must be what the oracle
// computes from the same selection in source terms. Bounded runs; the seed is printed on failure
// (replay with CANVAS_PROPERTY_SEED=<seed>).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FrameLocator, Page } from '@playwright/test';
import { putHtml, storedHtml } from './canvas-helpers';
import { joins, step, type Action, type OracleState } from './canvas-oracle';
import { targetsOf, type DomPoint, type Target } from './canvas-targets';
import { expect, test } from './fixtures';

const CORPUS = ['receipt', 'newsletter', 'responsive', 'mjml', 'shopify'].map((name) => ({
  name,
  html: readFileSync(join(import.meta.dirname, 'canvas-corpus', `${name}.html`), 'utf8'),
}));

const RUNS = Number(process.env.CANVAS_PROPERTY_RUNS ?? 4);
// CI replays one fixed seed so that a red run is a regression, never the luck of the draw; a run
// on a developer's machine draws new cases each time to look for what is still unknown.
const CI_SEED = 20261126;
const SEED = process.env.CANVAS_PROPERTY_SEED
  ? Number(process.env.CANVAS_PROPERTY_SEED)
  : process.env.CI
    ? CI_SEED
    : undefined;

/** Puts the selection on the canvas's DOM positions, as a click or a drag leaves it. */
async function select(canvas: FrameLocator, start: DomPoint, end: DomPoint) {
  const found = await canvas.locator('body').evaluate(
    (body, [a, b]) => {
      const doc = body.ownerDocument;
      const textOf = (point: typeof a) => {
        const parent = doc.querySelector(`[data-node="${point.parent}"]`);
        const texts = parent
          ? [...parent.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
          : [];
        return texts[point.index] as Text | undefined;
      };
      const first = textOf(a);
      const last = textOf(b);
      // The outermost editable element is the editing host that takes the focus.
      const hosts = first ? [...doc.querySelectorAll<HTMLElement>('[contenteditable="true"]')] : [];
      const editable = hosts.find((host) => host.contains(first ?? null));
      if (!first || !last || !editable || first.parentElement?.closest('.sc-copy')) return false;
      editable.focus();
      doc.getSelection()?.setBaseAndExtent(first, a.at, last, b.at);
      // The canvas reads the selection on `selectionchange`, which comes after a task.
      return new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(true), 0);
      });
    },
    [start, end] as const,
  );
  return found;
}

async function perform(page: Page, action: Action) {
  switch (action.kind) {
    case 'type':
      await page.keyboard.type(action.word);
      return;
    case 'paste':
      await page.evaluate((text) => navigator.clipboard.writeText(text), action.text);
      await page.keyboard.press('ControlOrMeta+v');
      return;
    case 'backspace':
      await page.keyboard.press('Backspace');
      return;
    case 'delete':
      await page.keyboard.press('Delete');
      return;
    case 'enter':
      await page.keyboard.press('Enter');
      return;
    case 'shift-enter':
      await page.keyboard.press('Shift+Enter');
      return;
    case 'bold':
      await page.keyboard.press('ControlOrMeta+b');
      return;
    case 'undo':
      await page.keyboard.press('ControlOrMeta+z');
      return;
  }
}

/** What undo may leave: the state before the last action, or before a run of typing it joins. */
function undone(states: OracleState[], actions: Action[]): string[] {
  const results: string[] = [];
  // A key that changed nothing (Backspace at the start of a block after a block of another kind,
  // which the oracle and the canvas both leave alone) is no undo step in the history: undo takes
  // back the change before it.
  let last = actions.length - 1;
  while (last > 0 && states[last]?.source === states[last + 1]?.source) last--;
  for (let k = last; k >= 0; k--) {
    results.push(states[k]?.source ?? '');
    if (!joins(actions[k] as Action) || k === 0 || !joins(actions[k - 1] as Action)) break;
  }
  return results;
}

const word = fc.stringMatching(/^[A-Za-z]{1,6}$/);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: word.map((w) => ({ kind: 'type' as const, word: w })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(word, word)
      .map(([a, b]) => ({ kind: 'paste' as const, text: `${a} ${b}` })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'backspace' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'enter' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'shift-enter' as const }) },
);

function scenario(targets: Target[]) {
  return fc
    .record({
      target: fc.constantFrom(...targets),
      bold: fc.boolean(),
      actions: fc.array(action, { minLength: 1, maxLength: 3 }),
      undo: fc.boolean(),
    })
    .map(({ target, bold, actions, undo }) => {
      const list: Action[] = [];
      if (bold && target.boldable) list.push({ kind: 'bold' });
      list.push(...actions);
      if (undo) list.push({ kind: 'undo' });
      return { target, actions: list };
    });
}

test.describe('canvas input: property test against the oracle', () => {
  for (const template of [...CORPUS, { name: 'demo', html: '' }]) {
    test(`${template.name}: random selections and inputs store what the oracle computes`, async ({
      page,
      signIn,
      api,
      context,
    }) => {
      test.setTimeout(60_000 + RUNS * 30_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const html = template.html || (await storedHtml(api));
      const targets = targetsOf(html);
      expect(targets.length).toBeGreaterThan(10);
      await signIn(page, 'demo', { open: false });
      // The oracle joins a run of typing and deleting into one undo step, as the history does for
      // keys less than 500 ms apart by the page's clock; a busy machine can hold a key back longer,
      // so the page's clock stands still.
      await page.clock.setFixedTime(Date.now());
      let last = html;
      await putHtml(api, html);
      await fc.assert(
        fc.asyncProperty(scenario(targets), async ({ target, actions }) => {
          if (last !== html) await putHtml(api, html);
          last = html;
          await page.goto('/notifications/order-confirmation');
          await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
          const canvas = page.frameLocator('iframe[title="Visual editor"]');
          await expect(canvas.locator('[contenteditable="true"]').first()).toBeVisible();
          // A target in a branch the sample does not show is not drawn: nothing to test there.
          if (!(await select(canvas, target.start, target.end))) return;
          const states: OracleState[] = [{ source: html, from: target.from, to: target.to }];
          for (const each of actions) {
            await perform(page, each);
            const before = states.at(-1) as OracleState;
            states.push(each.kind === 'undo' ? before : step(before, each));
          }
          const final =
            actions.at(-1)?.kind === 'undo'
              ? undone(states.slice(0, -1), actions.slice(0, -1))
              : [states.at(-1)?.source ?? ''];
          // Ctrl+S answers from the form's values, which the canvas sets in the keystroke itself:
          // the review of a change, or "Nothing to save" when the keys left the stored template.
          // (Save's disabled state follows in a transition after the paint: read at once, on a
          // busy machine it still showed the key before an undo.)
          await page.keyboard.press('ControlOrMeta+s');
          const review = page.getByRole('dialog', { name: 'Review changes' });
          const nothing = page.getByText('Nothing to save', { exact: true });
          await expect(review.or(nothing)).toBeVisible();
          // Nothing to save is right only where the oracle allows the stored template.
          const unchanged = await nothing.isVisible();
          expect(
            unchanged ? final : [html],
            `${target.kind}, then ${JSON.stringify(actions)}: nothing to save`,
          ).toContain(html);
          if (unchanged) return;
          await review.getByRole('button', { name: 'Save changes' }).click();
          await expect(page.getByText('Saved', { exact: true })).toBeVisible();
          const stored = await storedHtml(api);
          last = stored;
          expect(final, `${target.kind}, then ${JSON.stringify(actions)}`).toContain(stored);
          // Every typed character is in it: the last word typed, when nothing came after it.
          const tail = actions.at(-1);
          expect(stored).toContain(tail?.kind === 'type' ? tail.word : '');
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, verbose: fc.VerbosityLevel.Verbose },
      );
    });
  }
});
