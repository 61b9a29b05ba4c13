// The way back from a layout's page to the template whose "Edit layout" opened it (issue 38,
// search `from`): the template's page in the language shown here, where its draft is offered
// back and the canvas draws the layout as now saved. Named as the template is (its slug until
// its name is known, or if it cannot be loaded).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notificationQueryOptions } from '../../../api/notifications';

export function BackToTemplate({ slug, locale }: { slug: string; locale: string | null }) {
  const name = useQuery(notificationQueryOptions(slug)).data?.data.name ?? slug;
  return (
    <Link
      to="/notifications/$slug"
      params={{ slug }}
      search={locale === null ? {} : { locale }}
      className="text-accent font-medium underline-offset-2 hover:underline"
    >
      <span aria-hidden="true">← </span>Back to {name}
    </Link>
  );
}
