// The line over a Visual canvas drawn in a layout. Static, outside the canvas's lazy part, and
// there from the canvas's first drawing (named by the layout's slug until the site's layouts have
// come): the canvas under it never moves when they come, where a click aimed at one of its lines
// landed on the line above.
import { useQuery } from '@tanstack/react-query';
import { layoutsQueryOptions } from '../../../api/layouts';

export function LayoutNote({ slug }: { slug: string }) {
  const layouts = useQuery(layoutsQueryOptions()).data;
  // A server without layouts (null), or a layout it does not have: nothing is drawn around.
  const layout = layouts?.find((candidate) => candidate.slug === slug);
  if (layouts === null || (layouts && !layout)) return null;
  return (
    <div className="border-border bg-subtle rounded-md border px-3 py-2 text-xs">
      {/* "Edit layout" is in the canvas (on the layout) and beside the Layout select. */}
      <p>
        Drawn in the layout <strong className="font-semibold">{layout?.name ?? slug}</strong>,
        dimmed and locked: it is edited once, for every e-mail that uses it.
      </p>
    </div>
  );
}
