import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const linkClasses =
  'flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium text-muted transition-colors hover:bg-subtle hover:text-fg';
const activeClasses = 'bg-subtle !text-fg';

/** One entry of the main navigation. */
export function NavLink({
  to,
  icon,
  children,
  onNavigate,
}: {
  to:
    | '/apps'
    | '/settings/consent'
    | '/settings/site'
    | '/settings/members'
    | '/notifications'
    | '/alerts'
    | '/activity';
  icon: ReactNode;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <Link
      to={to}
      className={linkClasses}
      activeProps={{ className: activeClasses, 'aria-current': 'page' }}
      activeOptions={{ includeSearch: false }}
      onClick={onNavigate}
    >
      {icon}
      {children}
    </Link>
  );
}
