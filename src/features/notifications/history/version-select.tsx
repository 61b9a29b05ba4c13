// A choice of one saved version, labelled as the version list labels it, with its time.
import type { Revision } from '../../../../contract/wire/audit';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format';
import { versionLabel } from './version-list';

export function VersionSelect({
  label,
  revisions,
  value,
  onChange,
}: {
  label: string;
  revisions: readonly Revision[];
  value: number;
  onChange: (id: number) => void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {revisions.map((revision) => (
            <option key={revision.id} value={revision.id}>
              {versionLabel(revision)}
              {revision.created_at ? `, ${formatDateTime(revision.created_at)}` : ''}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
