import { memo } from 'react';
import { activeFilterCount } from './active-filters';
import { LogFilterForm, type LogFilterFormProps } from './log-filter-form';
import { LogFiltersSheet } from './log-filters-sheet';
import { useWideLayout } from './use-wide-layout';

/**
 * The filters: a row on wide screens, a "Filters (n)" sheet on phones. Memoized: the page
 * re-renders on every engine update, the filters only when they change.
 */
export const LogFilterBar = memo(function LogFilterBar(props: LogFilterFormProps) {
  const wide = useWideLayout();
  if (wide) return <LogFilterForm {...props} />;
  return (
    <LogFiltersSheet
      active={activeFilterCount(props.search)}
      onClear={() =>
        props.onChange({
          level: undefined,
          job: undefined,
          job_match: undefined,
          q: undefined,
          range: undefined,
          since: undefined,
          before: undefined,
          where: undefined,
          where_not: undefined,
        })
      }
    >
      <LogFilterForm {...props} />
    </LogFiltersSheet>
  );
});
