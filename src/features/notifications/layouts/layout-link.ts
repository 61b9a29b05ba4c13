// "Edit layout" from a template's editor (issue 38): the layout's own page in the same tab, told
// which template it came from (`from`, for its "Back to …") and in the language shown. The
// template's unsaved edits are not asked about: its draft is written as the editor goes away
// (editor/use-draft.ts) and offered back on return, so the unsaved-changes guard is passed by.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useReadOnlyReason } from '../../../components/resource-editor/read-only';

const templateRoute = getRouteApi('/notifications/$slug');

export function useLayoutLink() {
  const { slug: from } = templateRoute.useParams();
  const { locale } = templateRoute.useSearch();
  const navigate = useNavigate();
  // A viewer's layout page is read-only: the way in says so.
  const label = useReadOnlyReason('notification') === null ? 'Edit layout' : 'View layout';
  const to = useCallback(
    (slug: string) =>
      ({
        to: '/notifications/layouts/$slug',
        params: { slug },
        search: { from, locale },
        ignoreBlocker: true,
      }) as const,
    [from, locale],
  );
  const open = useCallback((slug: string) => void navigate(to(slug)), [navigate, to]);
  return { label, to, open };
}
