// A search box that narrows a list, with its label for screen readers, and what a list says when
// the filter matches nothing. Where the value lives (URL, state) is the page's business.
//   <FilterInput label="Filter apps by name or key" placeholder="Filter by name or key…"
//     value={filter} onChange={setFilter} />
import { useId } from 'react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { Input } from './ui/input';

export function FilterInput({
  label,
  placeholder,
  value,
  onChange,
  className = 'mb-4 max-w-sm',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The filter left nothing: say what was searched and offer the way back. */
export function NoFilterMatch({
  title,
  description,
  onClear,
}: {
  title: string;
  description: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={<Button onClick={onClear}>Clear filter</Button>}
    />
  );
}

/** "Showing 3 of 12 apps", announced while a filter is set. */
export function FilterCount({
  shown,
  total,
  noun,
}: {
  shown: number;
  total: number;
  noun: string;
}) {
  return (
    <p className="text-muted mt-2 text-xs" role="status">
      Showing {shown} of {total} {noun}
    </p>
  );
}
