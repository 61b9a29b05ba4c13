// How a blocked application's placeholder reads on the site, in the chosen language.
import { useId, useState } from 'react';
import type { ConsentApplication } from '../../../contract/wire/consent';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { resolveLocalized } from './localized-text';
import { LocalizedValue } from './localized-value';

export function PlaceholderPreview({
  applications,
  language,
}: {
  applications: readonly ConsentApplication[];
  language: string;
}) {
  const names = [...new Set(applications.map((app) => app.name))];
  const [chosen, setChosen] = useState<string | null>(null);
  const name = chosen !== null && names.includes(chosen) ? chosen : names[0];
  const app = applications.find((candidate) => candidate.name === name);
  const previewId = useId();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted text-sm">
        How a blocked application&apos;s placeholder reads on the site in {language}.
      </p>
      {app === undefined ? (
        <p className="text-muted text-sm">There is no application to preview.</p>
      ) : (
        <>
          <Field label="Application" className="max-w-xs">
            {(props) => (
              <Select {...props} value={name} onChange={(event) => setChosen(event.target.value)}>
                {names.map((option) => (
                  <option key={option} value={option}>
                    {resolveLocalized(applications.find((a) => a.name === option)?.title, language)
                      .text || option}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <figure aria-labelledby={previewId} className="flex flex-col gap-2">
            <figcaption id={previewId} className="text-muted text-xs">
              Placeholder of {app.name} in {language}
            </figcaption>
            {/* A fixed, site-like look: the placeholder sits where the embed would be. */}
            <div
              lang={language}
              className="flex min-h-44 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-zinc-400 bg-zinc-100 px-6 py-8 text-center text-zinc-900"
            >
              <p className="max-w-md text-sm">
                <LocalizedValue
                  text={app.placeholder_message}
                  language={language}
                  empty="(no message in any language)"
                />
              </p>
              <span className="inline-flex h-9 items-center rounded-md bg-zinc-900 px-4 text-sm font-medium text-white">
                {resolveLocalized(app.placeholder_action, language).text || '(no action text)'}
              </span>
            </div>
          </figure>
        </>
      )}
    </div>
  );
}
