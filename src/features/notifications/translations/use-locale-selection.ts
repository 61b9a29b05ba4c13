// Which language the editor shows (issue 28): the site's languages from `GET /settings/site` and
// the `locale` search parameter, so a reload or a shared link keeps it. A server with no site
// settings, or whose notification carries no `translations`, knows no languages: no locale bar.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { siteSettingsQueryOptions } from '../../../api/site-settings';
import type { Notification } from '../../../../contract/wire/notification';

const route = getRouteApi('/notifications/$slug');

export interface Languages {
  defaultLocale: string;
  /** The site's, in its order, the default among them. */
  locales: readonly string[];
}

export interface LocaleSelection {
  /** Null while the server knows no languages (or they are loading). */
  languages: Languages | null;
  /** The translation shown, or null for the default. */
  shown: string | null;
  select: (locale: string) => void;
}

export function useLocaleSelection(notification: Notification): LocaleSelection {
  const settings = useQuery(siteSettingsQueryOptions());
  const { locale } = route.useSearch();
  const navigate = route.useNavigate();
  const data = settings.data?.data;
  const languages: Languages | null =
    data && notification.translations != null
      ? { defaultLocale: data.default_locale, locales: data.locales }
      : null;
  const shown =
    languages && locale !== undefined && locale !== languages.defaultLocale
      ? languages.locales.includes(locale)
        ? locale
        : null
      : null;
  const defaultLocale = languages?.defaultLocale;
  const select = useCallback(
    (next: string) => {
      // The default is the page's plain address; replace: switching is not a place to go back to.
      void navigate({
        search: (previous) => ({ ...previous, locale: next === defaultLocale ? undefined : next }),
        replace: true,
      });
    },
    [navigate, defaultLocale],
  );
  return { languages, shown, select };
}
