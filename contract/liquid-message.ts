/**
 * liquidjs words its errors for developers: the source quoted as a JSON string (`\n` and all)
 * and the position appended. These are the same errors as one sentence an admin can act on.
 */
const SHOWN_SOURCE = 40;

/** A piece of template source as it reads on one line, cut when long. */
function shown(source: string): string {
  const oneLine = source.replace(/\s+/g, ' ').trim();
  return oneLine.length > SHOWN_SOURCE ? `${oneLine.slice(0, SHOWN_SOURCE - 1)}…` : oneLine;
}

/** Undoes the JSON quoting liquidjs gives quoted source; the text itself when it is not JSON. */
function unquoted(quoted: string): string {
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : quoted;
  } catch {
    return quoted.replace(/^"|"$/g, '');
  }
}

export function readableLiquidMessage(raw: string): string {
  const message = (raw.split('\n')[0] ?? raw).replace(/,\s*line:\d+,\s*col:\d+\s*$/, '').trim();
  let match = /^tag (\{%-?\s*(\w+)[\s\S]*?-?%\}) not closed$/.exec(message);
  if (match?.[1] && match[2]) {
    return `${shown(match[1])} is never closed: add {% end${match[2]} %} where it should end.`;
  }
  match = /^output ("[\s\S]*") not closed$/.exec(message);
  if (match?.[1]) return `${shown(unquoted(match[1]))} is never closed: add }} after it.`;
  match = /^tag ("[\s\S]*") not closed$/.exec(message);
  if (match?.[1]) return `${shown(unquoted(match[1]))} is never closed: add %} after it.`;
  match = /^tag "(\w+)" not found$/.exec(message);
  if (match?.[1]) return `There is no tag called "${match[1]}".`;
  match = /^illegal tag: ([\s\S]*)$/.exec(message);
  if (match?.[1]) return `${shown(match[1])} is not written the way this tag needs.`;
  const plain = shown(message.replace(/\\n/g, ' '));
  return /[.!?]$/.test(plain) ? plain : `${plain[0]?.toUpperCase() ?? ''}${plain.slice(1)}.`;
}
