/** The search syntax, in a native popover (light dismiss, Escape, focus return for free). */
export function QueryHelp({ id }: { id: string }) {
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="text-muted hover:text-fg border-border focus-visible:outline-ring inline-flex size-5 items-center justify-center rounded-full border text-[11px] font-semibold focus-visible:outline-2"
        aria-label="Search syntax help"
      >
        ?
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label="Search syntax"
        className="border-border bg-surface text-fg m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg border p-4 text-sm shadow-lg backdrop:bg-black/20"
      >
        <h2 className="mb-2 text-sm font-semibold">Search syntax</h2>
        <ul className="text-muted flex list-disc flex-col gap-1.5 pl-4">
          <li>
            Words match anywhere in the entry: <code className="text-fg">timeout</code>.
          </li>
          <li>
            Quotes keep a phrase together: <code className="text-fg">"payment failed"</code>.
          </li>
          <li>
            <code className="text-fg">level:error</code> keeps exactly that level (no fatal):{' '}
            <code className="text-fg">level:error timeout</code>.
          </li>
          <li>
            <code className="text-fg">level&gt;=error</code> keeps that level and worse, like the
            Level filter: <code className="text-fg">level&gt;=warn payment</code>.
          </li>
          <li>
            Without a start time, search looks at the last 24 hours before the end of the range.
            Pick a range to search further back.
          </li>
        </ul>
        <p className="text-muted mt-3 text-xs">
          Press <kbd className="border-border rounded border px-1">/</kbd> to jump to the search
          box, <kbd className="border-border rounded border px-1">?</kbd> (outside a text field) for
          every keyboard shortcut.
        </p>
      </div>
    </>
  );
}
