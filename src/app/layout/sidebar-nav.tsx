import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { siteSettingsQueryOptions } from '../../api/site-settings';
import { ActivityIcon, AppsIcon, GlobeIcon, MailIcon, PeopleIcon, ShieldIcon } from './icons';
import { NavLink } from './nav-link';

const AlertsNavEntry = lazy(() =>
  import('./alerts-nav-entry').then((module) => ({ default: module.AlertsNavEntry })),
);

/** Primary navigation; `onNavigate` closes the phone drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  // A server without `/settings/site` (data null) has no languages: no entry. While it loads,
  // or if it failed, the entry stays so the nav does not jump and the page can show the error.
  const siteSettings = useQuery(siteSettingsQueryOptions());
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5">
      <NavLink to="/apps" icon={<AppsIcon />} onNavigate={onNavigate}>
        Apps
      </NavLink>
      <NavLink to="/settings/consent" icon={<ShieldIcon />} onNavigate={onNavigate}>
        Consent
      </NavLink>
      {siteSettings.data !== null && (
        <NavLink to="/settings/site" icon={<GlobeIcon />} onNavigate={onNavigate}>
          Site
        </NavLink>
      )}
      {/* Members (issue 29), like Activity: only on a server with site settings (no probe of its
          own in the entry chunk); a server without GET /members gets the page's empty state. */}
      {siteSettings.data && (
        <NavLink to="/settings/members" icon={<PeopleIcon />} onNavigate={onNavigate}>
          Members
        </NavLink>
      )}
      <NavLink to="/notifications" icon={<MailIcon />} onNavigate={onNavigate}>
        Notifications
      </NavLink>
      {/* Alerts (issue 41): its own probe of GET /alerts, loaded on demand (alerts-nav-entry). */}
      <Suspense fallback={null}>
        <AlertsNavEntry onNavigate={onNavigate} />
      </Suspense>
      {/* Activity (issue 29) only on a server of this project: one with site settings. A probe of
          GET /audit of its own does not fit the entry chunk's budget; a server with settings but
          no revisions gets the page's "keeps no history" state. */}
      {siteSettings.data && (
        <NavLink to="/activity" icon={<ActivityIcon />} onNavigate={onNavigate}>
          Activity
        </NavLink>
      )}
    </nav>
  );
}
