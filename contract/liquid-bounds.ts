import { defaultOptions, Tokenizer, TypeGuards, type Token } from 'liquidjs';

/**
 * Limits on what one template may ask of the parser, which runs on the service's event loop.
 * liquidjs parses blocks and bracketed expressions by recursion (deep nesting overflows the
 * stack), its time grows with the square of the number of tags, and it spends microseconds per
 * character of code. Real templates stay far below each limit.
 */
export const LIQUID_LIMITS = {
  /** Blocks inside blocks, and brackets inside brackets within one tag or output. */
  depth: 64,
  /** Tags and outputs, `{% liquid %}` lines included. */
  tags: 2_000,
  /** Characters inside tags and outputs (text around them costs next to nothing). */
  codeCharacters: 20_000,
};

/** Tags that open a block closed by `end<name>`. */
const BLOCK_TAGS = new Set([
  'if',
  'unless',
  'for',
  'case',
  'capture',
  'tablerow',
  'block',
  'comment',
  'raw',
]);
/** Blocks whose content liquidjs skips, so the tags inside open nothing. */
const OPAQUE_BLOCKS = new Set(['comment', 'raw']);

export interface LiquidBoundsProblem {
  message: string;
  token: Token;
}

/** The deepest nesting of ( and [ in an expression, outside quoted strings. */
function bracketDepth(code: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (const char of code) {
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(' || char === '[') {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (char === ')' || char === ']') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

class BoundsScan {
  private tags = 0;
  private codeCharacters = 0;
  private readonly open: string[] = [];

  visit(token: Token): LiquidBoundsProblem | null {
    if (TypeGuards.isHTMLToken(token)) return null;
    const over = (message: string) => ({ message, token });
    this.tags += 1;
    if (this.tags > LIQUID_LIMITS.tags) {
      return over(`A template may have at most ${LIQUID_LIMITS.tags} tags and outputs`);
    }
    // A line of {% liquid %} is not a TagToken but has the same kind, name and tokenizer.
    const tag = TypeGuards.isTagToken(token) ? token : null;
    const name = tag?.name ?? null;
    const innermost = this.open.at(-1);
    if (innermost !== undefined && OPAQUE_BLOCKS.has(innermost)) {
      if (name === `end${innermost}`) this.open.pop();
      return null;
    }
    // The lines of {% liquid %} are tags too, parsed the same way.
    if (tag?.name === 'liquid') return this.visitAll(tag.tokenizer.readLiquidTagTokens());
    const code = token.getText();
    this.codeCharacters += code.length;
    if (this.codeCharacters > LIQUID_LIMITS.codeCharacters) {
      return over(
        `A template may have at most ${LIQUID_LIMITS.codeCharacters} characters inside tags and outputs`,
      );
    }
    if (bracketDepth(code) > LIQUID_LIMITS.depth) {
      return over(`Brackets may nest at most ${LIQUID_LIMITS.depth} levels deep`);
    }
    if (name !== null && BLOCK_TAGS.has(name)) {
      this.open.push(name);
      if (this.open.length > LIQUID_LIMITS.depth) {
        return over(`Blocks may nest at most ${LIQUID_LIMITS.depth} levels deep`);
      }
    } else if (innermost !== undefined && name === `end${innermost}`) {
      this.open.pop();
    }
    return null;
  }

  visitAll(tokens: readonly Token[]): LiquidBoundsProblem | null {
    for (const token of tokens) {
      const problem = this.visit(token);
      if (problem) return problem;
    }
    return null;
  }
}

/**
 * Checks a template against LIQUID_LIMITS before liquidjs parses it, reading one token at a time
 * so that a template far over a limit costs no more than one just over it. Tokenizing is linear.
 * A tokenizing error is thrown as liquidjs throws it, so its position is reported as usual.
 */
export function liquidBoundsProblem(source: string): LiquidBoundsProblem | null {
  const scan = new BoundsScan();
  const tokenizer = new Tokenizer(source);
  while (tokenizer.p < tokenizer.N) {
    const problem = scan.visit(tokenizer.readTopLevelToken(defaultOptions));
    if (problem) return problem;
  }
  return null;
}
