import { Controller, type Control } from 'react-hook-form';
import type { NotificationFormValues } from '../translations/translation-fields';

/** The "HTML version" on/off switch of a template. */
export function HtmlSwitch({ control }: { control: Control<NotificationFormValues> }) {
  return (
    <Controller
      control={control}
      name="html_enabled"
      render={({ field }) => (
        <label className="text-fg inline-flex cursor-pointer items-center gap-2.5 self-start text-sm font-medium">
          <input
            type="checkbox"
            role="switch"
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="bg-border-strong peer-checked:bg-accent peer-focus-visible:outline-ring relative h-5 w-9 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4"
          />
          HTML version
        </label>
      )}
    />
  );
}
