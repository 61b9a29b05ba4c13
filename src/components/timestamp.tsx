// <Timestamp value={app.updated_at} />: "3 hours ago", with the exact UTC time on hover and for
// assistive technology. Null shows "never", or `missing` where null means the server did not say.
import { formatDateTime, formatRelativeTime } from '../lib/format';

export function Timestamp({
  value,
  className,
  missing = 'never',
}: {
  value: string | null;
  className?: string;
  missing?: string;
}) {
  if (!value) return <span className={className}>{missing}</span>;
  return (
    <time
      dateTime={value}
      title={`${formatDateTime(value, { utc: true })} UTC`}
      className={className}
    >
      {formatRelativeTime(value)}
    </time>
  );
}
