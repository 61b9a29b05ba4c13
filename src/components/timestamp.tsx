// <Timestamp value={app.updated_at} />: "3 hours ago", with the exact UTC time on hover and for
// assistive technology. Null shows "never".
import { formatAbsolute, formatRelative } from './time-words';

export function Timestamp({ value, className }: { value: string | null; className?: string }) {
  if (!value) return <span className={className}>never</span>;
  const absolute = formatAbsolute(value);
  return (
    <time dateTime={value} title={absolute} className={className}>
      {formatRelative(value)}
    </time>
  );
}
