// Where an entry of the feed leads: the app, the consent settings, the notification or the site
// settings it changed. Members (the access engineer's page) have no link here yet.
import { Link } from '@tanstack/react-router';
import type { Revision } from '../../../contract/wire/audit';
import { isActivityResource } from './resources';

/** "App storefront", "Notification welcome", "Consent", "Site settings". */
export function resourceName(revision: Revision): string {
  const id = revision.resource_id ?? '';
  switch (revision.resource) {
    case 'app':
      return `App ${id}`;
    case 'notification':
      return `Notification ${id}`;
    case 'member':
      return `Member ${id}`;
    case 'consent':
      return 'Consent settings';
    case 'site_settings':
      return 'Site settings';
    default:
      return `${revision.resource ?? 'Something'} ${id}`.trim();
  }
}

export function ResourceLink({ revision }: { revision: Revision }) {
  const name = resourceName(revision);
  const id = revision.resource_id ?? '';
  const className = 'text-accent font-medium underline-offset-2 hover:underline';
  if (!isActivityResource(revision.resource)) return <span className="font-medium">{name}</span>;
  switch (revision.resource) {
    case 'app':
      return (
        <Link to="/apps/$key" params={{ key: id }} className={className}>
          {name}
        </Link>
      );
    case 'notification':
      return (
        <Link to="/notifications/$slug" params={{ slug: id }} className={className}>
          {name}
        </Link>
      );
    case 'consent':
      return (
        <Link to="/settings/consent" className={className}>
          {name}
        </Link>
      );
    case 'site_settings':
      return (
        <Link to="/settings/site" className={className}>
          {name}
        </Link>
      );
    case 'member':
      return <span className="font-medium">{name}</span>;
  }
}
