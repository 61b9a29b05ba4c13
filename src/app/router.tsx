import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { appQueryOptions, appsQueryOptions } from '../api/apps';
import { siteSettingsQueryOptions } from '../api/site-settings';
import { appsListSearchSchema } from '../features/apps/search-params';
import { consentSearchSchema } from '../features/consent/search-params';
import { logsSearchSchema } from '../features/logs/search-params';
import {
  notificationEditorSearchSchema,
  layoutEditorSearchSchema,
  notificationsListSearchSchema,
} from '../features/notifications/search-params';
import { getConnection } from '../session/connection-store';
import { splitSitePath, withSite } from '../lib/site-address';
import type { SiteContext } from './site-links';
import { RootComponent } from './root-component';
import { RouteError } from './route-error';
import { RoutePending } from './route-pending';
import { parseSearch, stringifySearch } from '../lib/search-serialization';
import { signInSearchSchema } from './sign-in-search';

// Rarely shown: loaded on demand, out of the entry chunk.
const NotFoundPage = lazyRouteComponent(() => import('./not-found-page'), 'NotFoundPage');

// Code-based routes whose ids equal their paths, so features can use getRouteApi('/apps/$key')
// and typed <Link to="/apps/$key"> without importing src/app. No pathless layout routes: the auth
// check lives in the root, and the root component picks the frame or the bare sign-in page.
//
// Loaders start a page's data together with its code chunk (and on link hover or focus, through
// intent preloading) instead of after it. They prefetch and do not await: the page keeps its own
// loading and error states, which know the resource (an unknown app, a retry button). Resource
// modules other than apps are imported on demand so they stay out of the entry chunk.

/**
 * Starts a query and lets it run; its page shows any error itself, so none is thrown here. Not
 * on a site the token cannot use: that address shows the no-access page, not the route's.
 */
function prefetch(context: SiteContext, query: () => Promise<unknown>): void {
  if (context.siteWithoutAccess !== null) return;
  query().catch(() => undefined);
}

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every address names its site (`/s/acme/…`, decision 051). The router's paths have no prefix:
  // the rewrite (createAppRouter) strips it, so the site is read from the public address here.
  beforeLoad: async ({ location, context, preload }): Promise<SiteContext> => {
    const ok = { siteWithoutAccess: null };
    if (location.pathname === '/sign-in') return ok;
    const connection = getConnection();
    if (!connection) {
      throw redirect({
        to: '/sign-in',
        search: { redirect: location.pathname === '/' ? undefined : location.publicHref },
      });
    }
    const { site } = splitSitePath(new URL(location.publicHref, 'http://x').pathname);
    // An address without a site (older links, bookmarks) opens on the current site; main.tsx has
    // already put the site into the address of the page first loaded. Hovering a link must not
    // switch the site; links of the app always name the current one.
    if (site === null || site === connection.site || preload) return ok;
    // Rare (a link of another site, Back across a switch): loaded on demand, out of the entry.
    const { openOtherSite } = await import('./site-links');
    return openOtherSite(context.queryClient, connection, site);
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearchSchema,
  component: lazyRouteComponent(() => import('./sign-in-page'), 'SignInPage'),
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/apps', replace: true });
  },
});

const appsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/apps',
  validateSearch: appsListSearchSchema,
  loader: ({ context }) => {
    prefetch(context, () => context.queryClient.query(appsQueryOptions()));
  },
  component: lazyRouteComponent(() => import('../features/apps/apps-list-page'), 'AppsListPage'),
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/apps/$key',
  loader: ({ context, params }) => {
    prefetch(context, () => context.queryClient.query(appQueryOptions(params.key)));
  },
  component: lazyRouteComponent(() => import('../features/apps/app-page'), 'AppPage'),
});

const logsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/apps/$key/logs',
  validateSearch: logsSearchSchema,
  loader: ({ context, params }) => {
    prefetch(context, () => context.queryClient.query(appQueryOptions(params.key)));
  },
  component: lazyRouteComponent(() => import('../features/logs/logs-page'), 'LogsPage'),
});

const consentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/consent',
  validateSearch: consentSearchSchema,
  loader: async ({ context }) => {
    const consent = await import('../api/consent');
    prefetch(context, () => context.queryClient.query(consent.consentQueryOptions()));
    prefetch(context, () => context.queryClient.query(consent.consentApplicationsQueryOptions()));
  },
  component: lazyRouteComponent(() => import('../features/consent/consent-page'), 'ConsentPage'),
});

const consentRecordsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/consent/records',
  // Its search params (filters, the open record) are read by the page: no schema in the entry.
  component: lazyRouteComponent(
    () => import('../features/consent/records/records-page'),
    'ConsentRecordsPage',
  ),
});

const siteSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/site',
  // The query is in the entry chunk already: the nav reads it to know whether the server has it.
  loader: ({ context }) => {
    prefetch(context, () => context.queryClient.query(siteSettingsQueryOptions()));
  },
  component: lazyRouteComponent(
    () => import('../features/site-settings/site-settings-page'),
    'SiteSettingsPage',
  ),
});

const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  validateSearch: notificationsListSearchSchema,
  loader: async ({ context }) => {
    const notifications = await import('../api/notifications');
    prefetch(context, () => context.queryClient.query(notifications.notificationsQueryOptions()));
  },
  component: lazyRouteComponent(
    () => import('../features/notifications/notifications-list-page'),
    'NotificationsListPage',
  ),
});

const notificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications/$slug',
  staticData: { wide: true },
  validateSearch: notificationEditorSearchSchema,
  loader: async ({ context, params }) => {
    const notifications = await import('../api/notifications');
    prefetch(context, () =>
      context.queryClient.query(notifications.notificationQueryOptions(params.slug)),
    );
  },
  component: lazyRouteComponent(
    () => import('../features/notifications/editor/notification-editor-page'),
    'NotificationEditorPage',
  ),
});

// Issue 38: a layout's own editor page, with the template editor's rooms (search: the locale,
// and the template it was opened from).
const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications/layouts/$slug',
  staticData: { wide: true },
  validateSearch: layoutEditorSearchSchema,
  component: lazyRouteComponent(
    () => import('../features/notifications/layouts/layout-editor-page'),
    'LayoutEditorPage',
  ),
});

const testInboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/test-inbox',
  component: lazyRouteComponent(
    () => import('../features/notifications/test-inbox/test-inbox-page'),
    'TestInboxPage',
  ),
});

// Alerts (issue 41): both pages in one chunk (one import in the entry); their search params (a
// new alert's query, from the log viewer) are read by the editor page: no schema in the entry.
const alertsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/alerts',
  component: lazyRouteComponent(() => import('../features/alerts/alert-page'), 'AlertsPage'),
});

const alertRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/alerts/$id',
  component: lazyRouteComponent(() => import('../features/alerts/alert-page'), 'AlertPage'),
});

const activityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/activity',
  // Its search params (person, resource) are read by the page: no schema in the entry chunk.
  component: lazyRouteComponent(() => import('../features/activity/activity-page'), 'ActivityPage'),
});

const membersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/members',
  component: lazyRouteComponent(() => import('../features/members/members-page'), 'MembersPage'),
});

const tokensRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/tokens',
  component: lazyRouteComponent(() => import('../features/tokens/tokens-page'), 'TokensPage'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  indexRoute,
  appsRoute,
  appRoute,
  logsRoute,
  consentRoute,
  consentRecordsRoute,
  siteSettingsRoute,
  notificationsRoute,
  notificationRoute,
  layoutRoute,
  testInboxRoute,
  alertsRoute,
  alertRoute,
  activityRoute,
  membersRoute,
  tokensRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // React Query owns data freshness; loaders only prefetch into it, so the router must not
    // decide on its own that a preloaded route is fresh.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
    // The public address carries the site (`/s/acme/apps`); routes see `/apps`. On the way out
    // the signed-in site goes in front, so every link, redirect and copied address names it.
    rewrite: {
      input: ({ url }) => {
        const { site, path } = splitSitePath(url.pathname);
        if (site === null) return undefined;
        const inner = new URL(url.href);
        inner.pathname = path;
        return inner;
      },
      output: ({ url }) => {
        const site = getConnection()?.site;
        if (!site) return undefined;
        // A new URL: the router keeps the one it passed in as the route-level href.
        const outer = new URL(url.href);
        outer.pathname = withSite(url.pathname, site);
        return outer;
      },
    },
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The page uses the whole width of the screen instead of the reading-width cap. */
    wide?: boolean;
  }
}
