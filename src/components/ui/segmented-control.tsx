// A segmented control: a labelled group of `aria-pressed` buttons of which one is on, as in the
// notification preview (HTML | Text) and the log viewer (Local | UTC | Relative). It chooses how
// something is shown, never a value to save, so its buttons are no form controls (`<button>`): a
// form shown read-only (a disabled fieldset) leaves a viewer free to switch, e.g. Code | Visual.
//   <SegmentedControl label="Width" value={device} onChange={setDevice}
//                     options={[{ value: 'desktop', label: 'Desktop' }, …]} />
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: string;
  /** Says more on hover, e.g. which time zone "Local" is. */
  title?: string;
}

export interface SegmentedControlProps<Value extends string> {
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}

export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<Value>) {
  return (
    <SegmentedGroup label={label}>
      {options.map((option) => (
        <SegmentedButton
          key={option.value}
          pressed={option.value === value}
          onClick={() => onChange(option.value)}
          title={option.title}
        >
          {option.label}
        </SegmentedButton>
      ))}
    </SegmentedGroup>
  );
}

/** The track the buttons sit in; alone around one button it makes an on/off toggle. */
export function SegmentedGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="bg-subtle flex w-fit rounded-md p-0.5">
      {children}
    </div>
  );
}

export function SegmentedButton({
  pressed,
  onClick,
  title,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  title?: string | undefined;
  children: string;
}) {
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={pressed}
      onClick={onClick}
      onKeyDown={(event) => {
        // What a button does for the keyboard: Enter and Space press it.
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onClick();
      }}
      title={title}
      className={cn(
        'cursor-pointer rounded px-2.5 py-1 text-xs font-medium select-none',
        pressed ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
      )}
    >
      {children}
    </div>
  );
}
