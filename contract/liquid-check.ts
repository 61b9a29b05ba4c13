import { Liquid } from 'liquidjs';
import { liquidBoundsProblem } from './liquid-bounds';
import { readableLiquidMessage } from './liquid-message';

/** A Liquid syntax error with its 1-based position and the character range to underline. */
export interface LiquidSyntaxError {
  message: string;
  line: number;
  column: number;
  from: number;
  to: number;
}

interface LiquidTokenLike {
  begin?: number;
  end?: number;
  getPosition?: () => number[];
}

const parser = new Liquid({ cache: false });

function positionOf(source: string, offset: number): [number, number] {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return [line, column];
}

function errorAt(
  source: string,
  message: string,
  token: LiquidTokenLike | undefined,
): LiquidSyntaxError {
  const from = Math.max(0, Math.min(token?.begin ?? 0, source.length));
  const to = Math.max(from, Math.min(token?.end ?? from, source.length));
  const [line = 1, column = 1] = token?.getPosition?.() ?? positionOf(source, from);
  return { message, line, column, from, to };
}

/**
 * Parses a template without rendering it. Shared by the service (a 422 on the field) and the
 * editor (underlines), so both report the same position for the same mistake. A template past
 * the nesting or tag limits is refused before parsing, at the tag that goes over.
 */
export function checkLiquid(source: string): LiquidSyntaxError | null {
  try {
    const overLimit = liquidBoundsProblem(source);
    if (overLimit) return errorAt(source, overLimit.message, overLimit.token);
    parser.parse(source);
    return null;
  } catch (error) {
    const token = (error as { token?: LiquidTokenLike }).token;
    const raw = error instanceof Error ? error.message : String(error);
    return errorAt(source, readableLiquidMessage(raw), token);
  }
}

/** `message, line L, column C`: how the service words a syntax error in a 422. */
export function describeLiquidError(error: LiquidSyntaxError): string {
  return `${error.message} (line ${error.line}, column ${error.column})`;
}
