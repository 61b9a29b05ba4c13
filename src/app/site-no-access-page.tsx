// Loaded only when an address names a site the token cannot use (issue 30).
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { sitesQueryOptions } from '../api/sites';
import { buttonClasses } from '../components/ui/button';
import { withSite } from '../lib/site-address';
import { useRequiredConnection } from '../session/connection-store';

/**
 * Says which site the address is for and how to get access, and offers the same page on the
 * current site. The service does not name sites a token cannot use (any token could list every
 * site's name otherwise), so the page names the site by its id.
 */
export function SiteNoAccessPage({ site }: { site: string }) {
  const connection = useRequiredConnection();
  const router = useRouter();
  const sites = useQuery(sitesQueryOptions());
  const current = sites.data?.find((candidate) => candidate.id === connection.site)?.name;
  const location = useRouterState({ select: (state) => state.location });
  // The router's own address has no site; going there puts the current site in front of it.
  const here = withSite(location.href, connection.site);
  return (
    <div className="mx-auto flex max-w-xl flex-col py-16">
      <p className="text-accent text-sm font-semibold">No access</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">
        This link is for the site “{site}”
      </h1>
      <p className="text-muted mt-3 text-sm">
        Your token cannot use the site <span className="text-fg font-mono">{site}</span>. To open
        it, ask an admin of that site for a token, then sign in with it.
      </p>
      <div className="mt-6 flex flex-wrap gap-2">
        <a
          href={here}
          className={buttonClasses('primary', 'md')}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            // Through the history: to the router, whose addresses have no site, this is the
            // page it is on already.
            router.history.push(here);
          }}
        >
          Open this page on {current ?? connection.site}
        </a>
        <Link
          to="/sign-in"
          search={{ redirect: location.publicHref }}
          className={buttonClasses('secondary', 'md')}
        >
          Sign in with another token
        </Link>
      </div>
    </div>
  );
}
