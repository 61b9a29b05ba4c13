// "Internal" or "External" for an app. Both neutral: the theme's accent text colour is too faint
// on the dark accent background (axe contrast), and the icon tells them apart at a glance.
import { NotSet } from '../../components/not-set';
import { Badge } from '../../components/ui/badge';

export function AppKindBadge({ internal }: { internal: boolean | null }) {
  // A server that does not say shows no kind rather than guessing one.
  if (internal === null) return <NotSet />;
  return (
    <Badge>
      <svg className="size-3" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        {internal ? (
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        ) : (
          <path
            fillRule="evenodd"
            d="M4.25 5.5a.75.75 0 0 0-.75.75v8.5c0 .414.336.75.75.75h8.5a.75.75 0 0 0 .75-.75v-4a.75.75 0 0 1 1.5 0v4A2.25 2.25 0 0 1 12.75 17h-8.5A2.25 2.25 0 0 1 2 14.75v-8.5A2.25 2.25 0 0 1 4.25 4h5a.75.75 0 0 1 0 1.5h-5Zm7.25-.75a.75.75 0 0 1 .75-.75h3.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V6.56l-5.22 5.22a.75.75 0 1 1-1.06-1.06l5.22-5.22h-1.69a.75.75 0 0 1-.75-.75Z"
            clipRule="evenodd"
          />
        )}
      </svg>
      {internal ? 'Internal' : 'External'}
    </Badge>
  );
}
