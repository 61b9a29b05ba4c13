// The Google Consent Mode calls the previewed banner made, in order: the default when it loads,
// then an update whenever the visitor's choices change a signal.

function describe(args: readonly unknown[]): { command: string; state: [string, string][] } {
  const [name, action, state] = args;
  const command = [name, action].filter((part) => typeof part === 'string').join(' ');
  const entries =
    typeof state === 'object' && state !== null
      ? Object.entries(state).map(([key, value]): [string, string] => [key, String(value)])
      : [];
  return { command, state: entries };
}

export function GtagLog({
  calls,
  consentModeOn,
}: {
  calls: readonly unknown[][];
  consentModeOn: boolean;
}) {
  return (
    <section aria-labelledby="gtag-log-heading" className="flex flex-col gap-2">
      <h3 id="gtag-log-heading" className="text-sm font-medium">
        Google Consent Mode calls
      </h3>
      {!consentModeOn ? (
        <p className="text-muted text-sm">
          Consent Mode is off: the banner makes no gtag calls. Map purposes to its signals to turn
          it on.
        </p>
      ) : (
        <ol aria-live="polite" className="flex flex-col gap-2">
          {calls.map((args, index) => {
            const call = describe(args);
            return (
              <li
                key={index}
                className="border-border bg-subtle rounded-md border px-3 py-2 font-mono text-xs"
              >
                <span className="font-semibold">gtag {call.command}</span>
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {call.state.map(([key, value]) => (
                    <span key={key}>
                      {key}: {value}
                    </span>
                  ))}
                </span>
              </li>
            );
          })}
          {calls.length === 0 && <li className="text-muted text-sm">No call yet.</li>}
        </ol>
      )}
    </section>
  );
}
