import { useQuery } from '@tanstack/react-query';
import { alertsAvailableQueryOptions } from '../../api/alerts-available';
import { ActivityIcon } from './icons';
import { NavLink } from './nav-link';

/**
 * The Alerts entry (issue 41), loaded after the first paint (the entry chunk has no room for the
 * probe): shown unless `GET /alerts` answered 404/405 — a server without alerts — as consent
 * records and checks hide on theirs. While the probe runs, or if it failed, the entry stays, so
 * the page can show the error. The icon is the activity line (a bell does not fit the budget).
 */
export function AlertsNavEntry({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const available = useQuery(alertsAvailableQueryOptions());
  if (available.data === false) return null;
  return (
    <NavLink to="/alerts" icon={<ActivityIcon />} onNavigate={onNavigate}>
      Alerts
    </NavLink>
  );
}
