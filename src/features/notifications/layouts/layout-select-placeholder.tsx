// The layout select's place while its code or the site's layouts load: as tall as the select, so
// nothing under it moves when they come. (The Visual canvas moved down by its height when the
// layouts arrived, and a click aimed at one paragraph of the canvas landed in the one above.)
import { useWatch, type Control } from 'react-hook-form';
import { buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { NotificationFormValues } from '../translations/translation-fields';

/** The row of the select and the button beside it (under it on a phone). */
export const LAYOUT_ROW = 'mb-5 flex flex-wrap items-start gap-x-2 gap-y-1';
export const LAYOUT_FIELD = 'min-w-48 flex-1 sm:max-w-md';

export const LAYOUT_HINTS = {
  chosen: 'Its header and footer go around this e-mail, in every language.',
  none: 'None: the e-mail is this template alone.',
};

/**
 * What the select will show is known from the template (its layout or none), so the hint and the
 * button's room are theirs: the same height at every width (on a phone the long button wraps).
 */
export function LayoutSelectPlaceholder({ control }: { control: Control<NotificationFormValues> }) {
  const chosen = useWatch({ control, name: 'layout' }) !== null;
  return (
    <div className={LAYOUT_ROW}>
      <Field
        label="Layout"
        className={LAYOUT_FIELD}
        hint={LAYOUT_HINTS[chosen ? 'chosen' : 'none']}
      >
        {(props) => (
          <Select {...props} disabled>
            <option>Loading…</option>
          </Select>
        )}
      </Field>
      {/* The button's room, unseen. */}
      <span
        aria-hidden="true"
        className={buttonClasses(
          'secondary',
          'sm',
          chosen ? 'invisible mt-7' : 'invisible sm:mt-7',
        )}
      >
        {chosen ? 'Edit layout' : 'Make a layout from this template'}
      </span>
    </div>
  );
}
