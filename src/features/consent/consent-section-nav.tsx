import { useEffect, useState, type MouseEvent } from 'react';
import { cn } from '../../lib/cn';
import { jumpScrollBehavior } from '../../lib/scroll-behavior';
import type { ConsentSection } from './section-nav';

/** Below the shell's sticky header (h-14) and this bar. */
const STICKY_OFFSET_PX = 112;

/** The section whose heading was passed last while scrolling down (the last one at the bottom). */
function useCurrentSection(anchors: readonly string[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(anchors[0]);
  // One string, so a new array with the same ids does not re-subscribe.
  const key = anchors.join(' ');
  useEffect(() => {
    const ids = key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      let passed = ids[0];
      for (const anchor of ids) {
        const top = document.getElementById(anchor)?.getBoundingClientRect().top;
        if (top !== undefined && top <= STICKY_OFFSET_PX + 8) passed = anchor;
      }
      // The last sections may never reach the top: at the bottom of the page, the last one is it.
      const { scrollHeight } = document.documentElement;
      if (window.innerHeight + window.scrollY >= scrollHeight - 2) passed = ids.at(-1);
      setCurrent(passed);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [key]);
  return current;
}

function jump(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  const heading = document.getElementById(anchor);
  if (!heading) return;
  event.preventDefault();
  const top = heading.getBoundingClientRect().top + window.scrollY - STICKY_OFFSET_PX;
  window.scrollTo({ top, behavior: jumpScrollBehavior() });
  history.replaceState(history.state, '', `#${anchor}`);
}

/** Sticky links to the page's sections, with their findings counted and the current one marked. */
export function ConsentSectionNav({ sections }: { sections: readonly ConsentSection[] }) {
  const current = useCurrentSection(sections.map((section) => section.anchor));
  return (
    <nav
      aria-label="Sections of this page"
      className="border-border bg-bg/90 sticky top-14 z-20 -mx-1 overflow-x-auto border-b px-1 py-2 backdrop-blur"
    >
      <ul className="flex gap-1 text-sm whitespace-nowrap">
        {sections.map((section) => (
          <li key={section.anchor}>
            <a
              href={`#${section.anchor}`}
              aria-current={section.anchor === current ? 'location' : undefined}
              onClick={(event) => jump(event, section.anchor)}
              className={cn(
                'text-muted hover:bg-subtle hover:text-fg inline-flex items-center gap-1.5 rounded-md px-2.5 py-1',
                'aria-[current=location]:bg-accent-soft aria-[current=location]:text-fg aria-[current=location]:font-medium',
              )}
            >
              {section.label}
              {section.findings > 0 && (
                <span className="bg-warning-soft text-fg rounded-full px-1.5 text-xs tabular-nums">
                  {section.findings}
                  <span className="sr-only">
                    {' '}
                    {section.findings === 1 ? 'finding' : 'findings'}
                  </span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
