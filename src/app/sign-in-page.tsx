import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useRouter, type RegisteredRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Site } from '../../contract/wire/site';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { focusMainHeading } from '../lib/focus-main-heading';
import {
  defaultBaseUrl,
  getConnection,
  getLastConnection,
  setConnection,
} from '../session/connection-store';
import { linkApiToConfirm, prefillApiUrl } from './link-api';
import { LogoMark } from './layout/icons';
import { resetCache } from '../session/session';
import { consumePendingSignInLink, hasPendingSignInLink, type SignInLink } from './sign-in-link';
import { useSignInFormState, type SignInValues } from './sign-in-form-state';
import { siteOfAddress } from '../lib/site-address';
import { safeRedirect } from './sign-in-search';
import { SignInProblem } from './sign-in-problem';

// The server checks load once the form is used (decision 080), not with the page: the page can
// show without them, and they are needed only when someone signs in.
const verification = () => import('./verify-connection');

const route = getRouteApi('/sign-in');

/**
 * Back to the page the user came from. An address of another site than the one signed in to goes
 * through the history, so the router reads its site and switches (navigating by href would put
 * the signed-in site in front of it).
 */
async function returnTo(router: RegisteredRouter, redirect: string | undefined): Promise<void> {
  const target = safeRedirect(redirect);
  const site = siteOfAddress(target);
  if (site !== null && site !== getConnection()?.site) {
    router.history.replace(target);
    return;
  }
  await router.navigate({ href: target, replace: true });
}

const SwitchServerQuestion = lazy(() =>
  import('./switch-server-question').then((module) => ({ default: module.SwitchServerQuestion })),
);

const REASON_MESSAGES = {
  expired: 'Your session ended: the server no longer accepts the token. Sign in again to continue.',
  'signed-out': 'You are signed out.',
} as const;

export function SignInPage() {
  const search = route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const last = getLastConnection();
  const [sites, setSites] = useState<Site[] | null>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [linkPending, setLinkPending] = useState(hasPendingSignInLink);
  const [submitting, setSubmitting] = useState(false);
  // A link naming another API than the one in use waits here for the user's answer.
  const [switchAsk, setSwitchAsk] = useState<{ link: SignInLink; current: string } | null>(null);
  // Whether the API URL being signed in with came from a link's `api=`.
  const apiFromLink = useRef(false);
  const form = useSignInFormState({
    baseUrl: prefillApiUrl(last, search.reason, defaultBaseUrl()),
    token: '',
    // The page to return to names its site: that is the site the user is signing in for.
    site: siteOfAddress(safeRedirect(search.redirect)) ?? last?.site ?? '',
  });
  const { errors, setError, setValue, getValues, control } = form;

  /** Required fields first, then the server check; nothing is stored until it passes. */
  async function signIn(values: SignInValues) {
    setFormMessage(null);
    if (!values.baseUrl.trim()) {
      setError('baseUrl', 'Enter the API URL', true);
      return;
    }
    if (!values.token.trim()) {
      setError('token', 'Enter your personal access token', true);
      return;
    }
    setSubmitting(true);
    try {
      const { verifyConnection } = await verification();
      const { connection } = await verifyConnection(values);
      await resetCache(queryClient);
      setConnection(connection, { fromLink: apiFromLink.current });
      await returnTo(router, search.redirect);
      focusMainHeading();
    } catch (error) {
      if (error instanceof SignInProblem) {
        setError(error.field, error.message, true);
      } else {
        setFormMessage(error instanceof Error ? error.message : 'Could not sign in');
      }
    } finally {
      setSubmitting(false);
    }
  }

  // Lists the user's sites as soon as the token works, so the site can be picked.
  async function loadSites() {
    const { baseUrl, token, site } = getValues();
    if (!token.trim() || !baseUrl.trim()) return;
    try {
      const { fetchSitesForToken } = await verification();
      const list = await fetchSitesForToken({ baseUrl: baseUrl.trim(), token: token.trim(), site });
      // The typed site field turns into a list: keep what was typed when it names one of the
      // sites (by id or name), and keep the focus if the user was typing there.
      const typing = document.activeElement?.getAttribute('name') === 'site';
      setSites(list?.length ? list : null);
      form.clearErrors('token', 'baseUrl');
      if (list?.length) {
        const typed = getValues().site.trim().toLowerCase();
        const match = list.find(
          (entry) => entry.id === typed || entry.name.toLowerCase() === typed,
        );
        setValue('site', match?.id ?? (list.length === 1 && list[0] ? list[0].id : ''));
        if (typing) requestAnimationFrame(() => form.focus('site'));
      }
    } catch (error) {
      setSites(null);
      if (error instanceof SignInProblem) setError(error.field, error.message);
    }
  }

  // A `#token=…&site=…` link signs in at once.
  const linkHandled = useRef(false);
  useEffect(() => {
    if (linkHandled.current) return;
    linkHandled.current = true;
    const link = consumePendingSignInLink();
    if (!link) return;
    const current = getConnection()?.baseUrl ?? getValues().baseUrl;
    if (linkApiToConfirm(link.baseUrl, current) !== null) {
      // Another server: never switch without asking (issue 29).
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the link is read once on mount
      setSwitchAsk({ link, current });
      setLinkPending(false);
      return;
    }
    signInWithLink(link);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the link
  }, []);

  /** Signs in with the link's token, site and API. */
  function signInWithLink(link: SignInLink) {
    setValue('token', link.token);
    setValue('site', link.site);
    if (link.baseUrl) {
      setValue('baseUrl', link.baseUrl);
      apiFromLink.current = true;
    }
    setLinkPending(true);
    void signIn(getValues()).finally(() => setLinkPending(false));
  }

  const reason = search.reason ? REASON_MESSAGES[search.reason] : null;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">Sign in to Site Console</h1>
          <p className="text-muted text-sm">Connect with a personal access token.</p>
        </div>
        {reason && (
          <p
            role="status"
            className="border-border bg-surface text-fg mb-4 rounded-lg border px-4 py-3 text-sm"
          >
            {reason}
          </p>
        )}
        {switchAsk ? (
          <Suspense fallback={<Spinner />}>
            <SwitchServerQuestion
              current={switchAsk.current}
              next={switchAsk.link.baseUrl ?? ''}
              onSwitch={() => {
                const { link } = switchAsk;
                setSwitchAsk(null);
                signInWithLink(link);
              }}
              onStay={() => {
                // The link's token was for the other server: it is dropped, not tried here. A
                // signed-in user goes back to where they were, still connected.
                setSwitchAsk(null);
                if (getConnection()) {
                  void returnTo(router, search.redirect);
                }
              }}
            />
          </Suspense>
        ) : linkPending ? (
          <div
            role="status"
            className="border-border bg-surface flex items-center justify-center gap-2 rounded-xl border px-6 py-10 text-sm shadow-sm"
          >
            <Spinner /> Signing you in…
          </div>
        ) : (
          <form
            noValidate
            // Fetched on the first input (typing, a paste, autofill; not the token field's
            // autofocus), so the check is there when they press Sign in.
            onInput={() => void verification().catch(() => undefined)}
            onSubmit={(event) => {
              event.preventDefault();
              void signIn(getValues());
            }}
            className="border-border bg-surface flex flex-col gap-4 rounded-xl border p-6 shadow-sm"
          >
            <Field
              label="API URL"
              error={errors.baseUrl}
              hint="Where the Site Configuration API answers; usually this site's /api."
            >
              {(props) => (
                <Input
                  {...props}
                  type="url"
                  autoComplete="url"
                  spellCheck={false}
                  {...control('baseUrl')}
                />
              )}
            </Field>
            <Field label="Access token" error={errors.token}>
              {(props) => (
                <Input
                  {...props}
                  type="password"
                  autoComplete="current-password"
                  spellCheck={false}
                  autoFocus
                  {...control('token')}
                  onBlur={() => void loadSites()}
                />
              )}
            </Field>
            <Field
              label="Site"
              error={errors.site}
              hint={sites ? undefined : 'Your sites are listed once the token is accepted.'}
            >
              {(props) =>
                sites ? (
                  <Select {...props} {...control('site')}>
                    <option value="" disabled>
                      Choose a site
                    </option>
                    {sites.map((site) => (
                      <option key={site.id} value={site.id}>
                        {site.name === site.id ? site.id : `${site.name} (${site.id})`}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    {...props}
                    spellCheck={false}
                    autoCapitalize="none"
                    placeholder="e.g. acme"
                    {...control('site')}
                  />
                )
              }
            </Field>
            {formMessage && (
              <p role="alert" className="text-danger text-sm">
                {formMessage}
              </p>
            )}
            <Button type="submit" variant="primary" loading={submitting} className="mt-1 w-full">
              Sign in
            </Button>
          </form>
        )}
        <p className="text-muted mt-6 text-center text-xs">
          No token yet? Run <code className="bg-subtle rounded px-1 py-0.5">npm run token</code> on
          the server.
        </p>
      </div>
    </main>
  );
}
