// <Timestamp value={app.updated_at} />: "3 hours ago", with the exact UTC time on hover and for
// assistive technology. Null shows "never".
import { formatDateTime, formatRelativeTime } from '../lib/format';

export function Timestamp({ value, className }: { value: string | null; className?: string }) {
  if (!value) return <span className={className}>never</span>;
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
