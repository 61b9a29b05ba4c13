import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { Button } from '../../components/ui/button';
import { LogRow } from './log-row';
import type { LogRowFilter } from './log-line-text';
import { useWideLayout } from './use-wide-layout';

/** Collapsed row heights; they match the row's CSS (h-7 / h-12) so estimates are exact. */
const ROW_HEIGHT_WIDE = 28;
const ROW_HEIGHT_NARROW = 48;
const HEADER_HEIGHT = 44;
/** Within this many pixels of the end counts as "at the bottom". */
const END_SLACK = 4;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

export interface LogListProps {
  entries: readonly AppLogEntry[];
  generation: number;
  utc: boolean;
  relativeTo: number | null;
  terms: readonly string[];
  expandedIds: ReadonlySet<string>;
  selectedId: string | null;
  targetId: string | null;
  following: boolean;
  canLoadOlder: boolean;
  loadingOlder: boolean;
  /** The admin moved the view: `atEnd` says whether it now rests at the bottom. */
  onUserScroll: (atEnd: boolean) => void;
  onLoadOlder: () => void;
  onToggle: (id: string) => void;
  onCopyLink: (entry: AppLogEntry) => void;
  /** Opens the entries around one line (decision 052). */
  onShowContext: (entry: AppLogEntry) => void;
  onFilter: (filter: LogRowFilter) => void;
}

/**
 * The virtualized list. Only the visible rows (plus overscan) are in the DOM. The virtualizer
 * anchors to the end: when entries are appended, trimmed from the start or prepended (older
 * pages), the row being read stays where it is; while following, appends scroll to the end.
 */
export function LogList({
  entries,
  generation,
  utc,
  relativeTo,
  terms,
  expandedIds,
  selectedId,
  targetId,
  following,
  canLoadOlder,
  loadingOlder,
  onUserScroll,
  onLoadOlder,
  onToggle,
  onCopyLink,
  onShowContext,
  onFilter,
}: LogListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const wide = useWideLayout();
  const rowHeight = wide ? ROW_HEIGHT_WIDE : ROW_HEIGHT_NARROW;
  const getItemKey = useCallback((index: number) => entries[index]?.id ?? index, [entries]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // The default measurement reads offsetHeight when a row mounts, which forces a layout of the
  // whole list on every update (the biggest cost under load). A collapsed row's height is known;
  // only an open row is read, and resizes arrive from the ResizeObserver with their size.
  const measureElement = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      if (!(element instanceof HTMLElement) || element.dataset['expanded'] !== 'true') {
        return rowHeight;
      }
      return element.offsetHeight;
    },
    [rowHeight],
  );

  // No React Compiler here; the virtualizer re-renders this component itself on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    measureElement,
    getItemKey,
    overscan: 4,
    paddingStart: canLoadOlder ? HEADER_HEIGHT : 0,
    anchorTo: 'end',
    followOnAppend: following,
    scrollEndThreshold: END_SLACK,
  });

  // Entering follow mode (pill, End key, a fresh tail) goes to the end at once.
  useLayoutEffect(() => {
    if (following && entries.length > 0) virtualizer.scrollToEnd();
    // Only on the transition and on a fresh tail; appends are followed by the virtualizer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, generation]);

  // While following, the end stays in view when the list's box shrinks or grows (the volume
  // chart loading above it, the window resized), not only when lines are appended. An effect
  // event sees the latest `following` (updated before layout effects, so before the observer's
  // next callback) without re-creating the observer when it changes.
  const onListResize = useEffectEvent(() => {
    if (following) virtualizer.scrollToEnd();
  });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => onListResize());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A shared link: bring its entry to the middle once it has loaded. Scroll commands go out in
  // the next frame, once the virtualizer has its element (StrictMode re-mounts it first).
  const shownTarget = useRef<string | null>(null);
  useEffect(() => {
    if (!targetId) return;
    const key = `${generation}:${targetId}`;
    if (shownTarget.current === key) return;
    const index = entries.findIndex((entry) => entry.id === targetId);
    if (index < 0) return;
    const frame = requestAnimationFrame(() => {
      shownTarget.current = key;
      virtualizer.scrollToIndex(index, { align: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [targetId, generation, entries, virtualizer]);

  // The list's one Tab stop (roving tabindex): the selected row, else the newest.
  const tabStopId = useMemo(
    () =>
      selectedId !== null && entries.some((entry) => entry.id === selectedId)
        ? selectedId
        : (entries.at(-1)?.id ?? null),
    [selectedId, entries],
  );

  // With the focus on a row, j/k take it along to the newly selected row (once it is drawn).
  useEffect(() => {
    const list = scrollRef.current;
    const active = document.activeElement;
    const focusedRow = active?.closest('[data-log-id]');
    if (!selectedId || !list || !focusedRow || !list.contains(focusedRow)) return;
    if (focusedRow.getAttribute('data-log-id') === selectedId) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        list
          .querySelector<HTMLElement>(
            `[data-log-id="${CSS.escape(selectedId)}"] button[aria-expanded]`,
          )
          ?.focus({ preventScroll: true });
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId]);

  // j/k: keep the selected row visible. Runs when the selection moves, not on every update.
  const shownSelection = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedId || shownSelection.current === selectedId) return;
    const index = entries.findIndex((entry) => entry.id === selectedId);
    if (index < 0) return;
    const frame = requestAnimationFrame(() => {
      shownSelection.current = selectedId;
      virtualizer.scrollToIndex(index, { align: 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, entries, virtualizer]);

  // Only the admin's own scrolling changes following. The virtualizer also scrolls (following
  // appends, keeping the row being read in place, measuring an opened row), and those scroll
  // events must not count; so a scroll event counts only while an input gesture is under way.
  const intentUntil = useRef(0);
  const pointerOnScrollbar = useRef(false);
  const markIntent = (ms: number) => {
    intentUntil.current = Math.max(intentUntil.current, performance.now() + ms);
  };

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    if (!pointerOnScrollbar.current && performance.now() > intentUntil.current) return;
    // Smooth wheel and touch momentum keep sending scroll events after the input itself.
    markIntent(250);
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= END_SLACK;
    onUserScroll(atEnd);
    if (canLoadOlder && !loadingOlder && element.scrollTop < rowHeight * 3) onLoadOlder();
  };

  // Scrolling up must stop following before the next append can pull the view down again,
  // so the intent is taken from the wheel/key itself rather than the scroll event after it.
  const stopOnUpwardIntent = (up: boolean) => {
    if (up && following) onUserScroll(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!SCROLL_KEYS.has(event.key)) return;
    markIntent(500);
    stopOnUpwardIntent(['ArrowUp', 'PageUp', 'Home'].includes(event.key));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A press on the scroller itself (not on a row) is a press on its scrollbar.
    if (event.target !== event.currentTarget) return;
    pointerOnScrollbar.current = true;
    const release = () => {
      pointerOnScrollbar.current = false;
      markIntent(300);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Log entries"
      tabIndex={0}
      className="bg-surface focus-visible:outline-ring relative min-h-0 flex-1 overflow-auto overscroll-contain [contain:strict] focus-visible:outline-2 focus-visible:-outline-offset-2"
      onScroll={onScroll}
      onWheel={(event) => {
        markIntent(400);
        stopOnUpwardIntent(event.deltaY < 0);
        // Already at the top, a wheel up scrolls nothing (no scroll event): load older here.
        if (
          event.deltaY < 0 &&
          event.currentTarget.scrollTop === 0 &&
          canLoadOlder &&
          !loadingOlder
        ) {
          onLoadOlder();
        }
      }}
      onTouchMove={() => markIntent(1500)}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      data-entry-count={entries.length}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {canLoadOlder && (
          <div
            className="absolute inset-x-0 top-0 flex items-center justify-center"
            style={{ height: HEADER_HEIGHT }}
          >
            <Button size="sm" variant="ghost" loading={loadingOlder} onClick={onLoadOlder}>
              Load older entries
            </Button>
          </div>
        )}
        <div role="list" aria-label="Log lines" aria-busy={loadingOlder || undefined}>
          {items.map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            return (
              <div
                key={item.key}
                role="listitem"
                aria-setsize={entries.length}
                aria-posinset={item.index + 1}
                data-index={item.index}
                data-log-id={entry.id}
                data-expanded={expandedIds.has(entry.id)}
                ref={virtualizer.measureElement}
                className="absolute inset-x-0 top-0 [contain:layout_style]"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <LogRow
                  entry={entry}
                  utc={utc}
                  relativeTo={relativeTo}
                  terms={terms}
                  expanded={expandedIds.has(entry.id)}
                  selected={selectedId === entry.id}
                  tabStop={tabStopId === entry.id}
                  target={targetId === entry.id}
                  onToggle={onToggle}
                  onCopyLink={onCopyLink}
                  onShowContext={onShowContext}
                  onFilter={onFilter}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
