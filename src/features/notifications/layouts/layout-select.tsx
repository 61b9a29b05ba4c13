// Which layout a template is rendered in (issue 38): a select saved with the template (the form's
// `layout`, so it is in the review, the draft, conflicts and History like any field), and "Edit
// layout" ("View layout" for a viewer), which opens the layout's own page in the same tab, with
// the way back (layout-link.ts). Loaded on demand with the editor; on a server without
// `/layouts` it shows nothing and the template is edited as before.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Controller, useFormState, type Control } from 'react-hook-form';
import { layoutsQueryOptions } from '../../../api/layouts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { NotificationFormValues } from '../translations/translation-fields';
import { useLayoutLink } from './layout-link';
import {
  LAYOUT_FIELD,
  LAYOUT_HINTS,
  LAYOUT_ROW,
  LayoutSelectPlaceholder,
} from './layout-select-placeholder';

// Splitting the template into a layout is rare: its dialog (and the visual parser) load on demand.
const MakeLayoutDialog = lazy(() => import('./make-layout-dialog'));

export interface LayoutSelectProps {
  control: Control<NotificationFormValues>;
  /** The template's slug, for the layout editor's samples. */
  slug: string;
}

export default function LayoutSelect({ control, slug }: LayoutSelectProps) {
  const error = useFormState({ control, name: 'layout' }).errors.layout?.message;
  const query = useQuery(layoutsQueryOptions());
  const layouts = query.data;
  const link = useLayoutLink();
  const [making, setMaking] = useState(false);
  if (query.isPending) return <LayoutSelectPlaceholder control={control} />;
  if (!layouts) return null;
  return (
    <Controller
      control={control}
      name="layout"
      render={({ field }) => {
        const chosen = layouts.find((layout) => layout.slug === field.value);
        return (
          <div className={LAYOUT_ROW}>
            <Field
              label="Layout"
              error={error}
              className={LAYOUT_FIELD}
              hint={LAYOUT_HINTS[chosen ? 'chosen' : 'none']}
            >
              {(props) => (
                <Select
                  {...props}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value || null)}
                >
                  <option value="">None</option>
                  {layouts.map((layout) => (
                    <option key={layout.slug} value={layout.slug}>
                      {layout.name}
                    </option>
                  ))}
                  {field.value && !chosen && (
                    <option value={field.value}>{field.value} (not found)</option>
                  )}
                </Select>
              )}
            </Field>
            {chosen && (
              <Link
                {...link.to(chosen.slug)}
                // Level with the select: below the label's line.
                className={buttonClasses('secondary', 'sm', 'mt-7')}
              >
                {link.label}
              </Link>
            )}
            {field.value === null && (
              <Button
                size="sm"
                variant="secondary"
                // Level with the select beside it; under it on a phone, close to its hint.
                className="sm:mt-7"
                onClick={() => setMaking(true)}
              >
                Make a layout from this template
              </Button>
            )}
            {making && (
              <Suspense fallback={null}>
                <MakeLayoutDialog
                  control={control}
                  slug={slug}
                  onLayout={(made) => field.onChange(made)}
                  onClose={() => setMaking(false)}
                />
              </Suspense>
            )}
          </div>
        );
      }}
    />
  );
}
