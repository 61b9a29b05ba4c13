// The page's exact field conditions (decision 055) as removable chips: "status = 500",
// "status ≠ 500". A chip is a labelled group with one button, so a screen reader hears the
// condition and "Remove filter status = 500".
import { memo } from 'react';
import type { LogFieldCondition } from '../../../contract/schemas/log-field-condition';
import { fieldConditionLabel } from './field-conditions';

export interface FieldConditionChipsProps {
  conditions: readonly LogFieldCondition[];
  onRemove: (condition: LogFieldCondition) => void;
}

export const FieldConditionChips = memo(function FieldConditionChips({
  conditions,
  onRemove,
}: FieldConditionChipsProps) {
  if (conditions.length === 0) return null;
  return (
    <ul aria-label="Field filters" className="flex flex-wrap gap-2">
      {conditions.map((condition) => {
        const label = fieldConditionLabel(condition);
        return (
          <li
            key={`${condition.exclude ? '-' : '+'}${condition.key}:${condition.value}`}
            data-testid="field-filter-chip"
            className="bg-accent-soft text-accent border-accent/30 inline-flex max-w-full items-center gap-1 rounded-full border py-0.5 pr-1 pl-2.5 text-xs font-medium"
          >
            <span className="truncate font-mono">{label}</span>
            <button
              type="button"
              className="hover:bg-accent/15 focus-visible:ring-accent inline-flex size-5 shrink-0 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:outline-none"
              aria-label={`Remove filter ${label}`}
              title="Remove this filter"
              onClick={() => onRemove(condition)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
});
