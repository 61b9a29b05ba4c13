import { memo } from 'react';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import type { OfferedVariable, UsedVariable } from './template-variables';
import { snippetFor } from './template-variables';
import { useRememberedFlag } from './use-remembered-flag';
import { SNIPPET_TYPE } from '../visual/edits/snippet-drag';

export interface VariablesPanelProps {
  offered: OfferedVariable[];
  used: UsedVariable[];
  missing: string[];
  /** Where a click inserts, e.g. "HTML"; null when no field has had the focus yet. */
  target: string | null;
  onInsert: (snippet: string) => void;
}

/** What the sample offers and what the template uses; a click inserts at the cursor. */
export const VariablesPanel = memo(function VariablesPanel({
  offered,
  used,
  missing,
  target,
  onInsert,
}: VariablesPanelProps) {
  const usedPaths = new Set(used.map((v) => v.path));
  const missingPaths = new Set(missing);
  const [open, setOpen] = useRememberedFlag('variables-open', true);
  return (
    <CollapsibleSection title="Variables" open={open} onOpenChange={setOpen}>
      <p className="text-muted text-xs">
        Click to insert at the cursor{target ? ` in ${target}` : ''}, or drag into the text.
      </p>
      {missing.length > 0 && (
        <div
          role="status"
          className="border-warning bg-warning-soft rounded-md border px-3 py-2 text-xs"
        >
          <p className="text-fg font-medium">Used by the template but not in this sample:</p>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Missing variables">
            {missing.map((path) => (
              <li key={path} className="text-fg font-mono">
                {path}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Variables in the sample">
        {offered.map((variable) => (
          <li key={variable.path}>
            <button
              type="button"
              onClick={() => onInsert(snippetFor(variable))}
              draggable
              onDragStart={(event) => {
                // The code editor takes the plain text; the visual canvas its own type.
                event.dataTransfer.setData('text/plain', snippetFor(variable));
                event.dataTransfer.setData(SNIPPET_TYPE, snippetFor(variable));
                event.dataTransfer.effectAllowed = 'copy';
              }}
              title={`Insert ${snippetFor(variable)}`}
              aria-label={`${variable.path}${variable.kind === 'list' ? ' (list)' : ''}${usedPaths.has(variable.path) ? ', used' : ''}`}
              className="border-border bg-surface text-fg hover:bg-subtle rounded border px-1.5 py-0.5 font-mono text-xs"
            >
              {variable.path}
              {variable.kind === 'list' && <span className="text-muted"> [ ]</span>}
              {usedPaths.has(variable.path) && (
                <span className="text-success ml-1" aria-hidden="true">
                  ●
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {used.length > 0 && (
        <details className="text-xs">
          <summary className="text-muted cursor-pointer">
            Used by the template ({used.length})
          </summary>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {used.map((variable) => (
              <li
                key={variable.path}
                className={
                  missingPaths.has(variable.path) ? 'text-warning font-mono' : 'text-fg font-mono'
                }
              >
                {variable.path}
              </li>
            ))}
          </ul>
        </details>
      )}
    </CollapsibleSection>
  );
});
