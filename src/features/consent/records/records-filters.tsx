// The filters of the records page: the date range (UTC days), the application, the locale and a
// visitor's consent id. A draft until "Apply" (Enter in any field); the applied filters are the
// URL's (the page keys this form on them: Back or a link shows what the URL says). A problem is said on its field, whether this form or the service found it.
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { consentIdProblem, type RecordsSearch } from './search-params';

type FilterName = 'consent_id' | 'from' | 'to' | 'application' | 'locale';
type Draft = Record<FilterName, string>;
export type FilterErrors = Partial<Record<FilterName, string>>;

function draftOf(search: RecordsSearch): Draft {
  return {
    consent_id: search.consent_id ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
    application: search.application ?? '',
    locale: search.locale ?? '',
  };
}

function problemsOf(draft: Draft): FilterErrors {
  const problems: FilterErrors = {};
  const id = consentIdProblem(draft.consent_id.trim());
  if (id) problems.consent_id = id;
  if (draft.from && draft.to && draft.from > draft.to) problems.to = 'Must be on or after From';
  return problems;
}

export function RecordsFilters({
  search,
  applications,
  serverErrors,
  onApply,
}: {
  search: RecordsSearch;
  /** The applications to choose from (the configuration's now, and the one applied). */
  applications: readonly string[];
  /** What the service said of the applied filters, by parameter. */
  serverErrors: FilterErrors;
  onApply: (next: RecordsSearch) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(search));
  const [problems, setProblems] = useState<FilterErrors>({});
  const errors = { ...serverErrors, ...problems };
  const set = (name: FilterName) => (value: string) => setDraft({ ...draft, [name]: value });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const text = (value: string) => value.trim() || undefined;
    onApply({
      consent_id: text(draft.consent_id),
      from: text(draft.from),
      to: text(draft.to),
      application: text(draft.application),
      locale: text(draft.locale),
    });
  };
  const choices = [
    ...new Set([...applications, ...(search.application ? [search.application] : [])]),
  ];

  return (
    <form
      aria-label="Filter records"
      noValidate
      onSubmit={submit}
      className="grid grid-cols-2 items-start gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.6fr)_auto]"
    >
      <Field label="From" error={errors.from}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={draft.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        )}
      </Field>
      <Field label="To" error={errors.to}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={draft.to}
            onChange={(e) => set('to')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Application" error={errors.application}>
        {(props) => (
          <Select
            {...props}
            value={draft.application}
            onChange={(e) => set('application')(e.target.value)}
          >
            <option value="">Any</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Locale" error={errors.locale}>
        {(props) => (
          <Input
            {...props}
            value={draft.locale}
            placeholder="Any"
            autoComplete="off"
            onChange={(e) => set('locale')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Consent ID" error={errors.consent_id} className="col-span-2 lg:col-span-1">
        {(props) => (
          <Input
            {...props}
            type="search"
            value={draft.consent_id}
            placeholder="A visitor's consent ID"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            onChange={(e) => set('consent_id')(e.target.value)}
          />
        )}
      </Field>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-6">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          Clear
        </Button>
      </div>
    </form>
  );
}
