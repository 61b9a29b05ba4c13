import { Liquid } from 'liquidjs';

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
  getPosition?: () => [number, number];
}

const parser = new Liquid({ cache: false });

function positionOf(source: string, offset: number): [number, number] {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return [line, column];
}

/**
 * Parses a template without rendering it. Shared by the service (a 422 on the field) and the
 * editor (underlines), so both report the same position for the same mistake.
 */
export function checkLiquid(source: string): LiquidSyntaxError | null {
  try {
    parser.parse(source);
    return null;
  } catch (error) {
    const token = (error as { token?: LiquidTokenLike }).token;
    const from = Math.max(0, Math.min(token?.begin ?? 0, source.length));
    const to = Math.max(from, Math.min(token?.end ?? from, source.length));
    const [line, column] = token?.getPosition?.() ?? positionOf(source, from);
    const raw = error instanceof Error ? error.message : String(error);
    const message = raw.replace(/,\s*line:\d+,\s*col:\d+\s*$/, '').split('\n')[0] ?? raw;
    return { message, line, column, from, to };
  }
}

/** `message, line L, column C`: how the service words a syntax error in a 422. */
export function describeLiquidError(error: LiquidSyntaxError): string {
  return `${error.message} (line ${error.line}, column ${error.column})`;
}
