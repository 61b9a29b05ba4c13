import { createApiClient, isApiError, type Connection } from '../api/client';
import { listSites, probeSiteAccess } from '../api/sites';
import type { Site } from '../../contract/wire/site';
import { SignInProblem } from './sign-in-problem';

// Its own client: a failing check must not trigger the shell's "401 → sign-in" handling, and it
// must not use the stored connection.
const checkClient = createApiClient({ getConnection: () => null });

function explain(error: unknown, connection: Connection): SignInProblem {
  if (isApiError(error)) {
    if (error.kind === 'network') {
      return new SignInProblem(
        'baseUrl',
        `Could not reach a server at ${connection.baseUrl}. Check the address and that the service is running.`,
      );
    }
    if (error.kind === 'invalid-response') {
      return new SignInProblem(
        'baseUrl',
        'Something answered at this address, but it is not the Site Configuration API. The API URL usually ends in /api.',
      );
    }
    if (error.status === 401) {
      return new SignInProblem(
        'token',
        'This token was not accepted. Check that you copied all of it, or create a new one (npm run token).',
      );
    }
    if (error.status === 403 || error.status === 404) {
      return new SignInProblem(
        'site',
        `This token has no access to the site “${connection.site}”. Pick one of your sites or ask an owner for access.`,
      );
    }
    return new SignInProblem('baseUrl', `The server answered ${error.status}: ${error.message}`);
  }
  return new SignInProblem('baseUrl', error instanceof Error ? error.message : 'Unknown error');
}

/**
 * The user's sites for a token (null when the server has no `GET /sites`). Errors other than
 * unreachable / wrong token / not the API are taken as "no site list" so that any server of the
 * spec still works.
 */
export async function fetchSitesForToken(
  connection: Connection,
  signal?: AbortSignal,
): Promise<Site[] | null> {
  try {
    return await listSites({ client: checkClient, connection, signal });
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status !== 401) return null;
    throw explain(error, connection);
  }
}

export interface VerifiedConnection {
  connection: Connection;
  sites: Site[] | null;
}

/** Checks token and site before anything is stored; throws a SignInProblem. */
export async function verifyConnection(
  input: Connection,
  signal?: AbortSignal,
): Promise<VerifiedConnection> {
  const connection = {
    ...input,
    baseUrl: input.baseUrl.trim().replace(/\/+$/, ''),
    token: input.token.trim(),
    site: input.site.trim(),
  };
  try {
    new URL(connection.baseUrl);
  } catch {
    throw new SignInProblem('baseUrl', 'Enter a full URL, such as https://console.example.com/api');
  }
  if (!connection.token) throw new SignInProblem('token', 'Enter your personal access token');

  const sites = await fetchSitesForToken(connection, signal);
  if (!connection.site) {
    if (sites?.length === 1 && sites[0]) {
      connection.site = sites[0].id;
    } else {
      throw new SignInProblem('site', sites?.length ? 'Choose a site' : 'Enter the site id');
    }
  }
  try {
    await probeSiteAccess({ client: checkClient, connection, signal });
  } catch (error) {
    throw explain(error, connection);
  }
  return { connection, sites };
}
