import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CloseIcon, LogoMark, MenuIcon } from './icons';
import { SidebarNav } from './sidebar-nav';
import { SiteSwitcher } from './site-switcher';
import { UserMenu } from './user-menu';

function Brand() {
  return (
    <div className="flex items-center gap-2 px-1">
      <LogoMark className="size-7" />
      <span className="text-sm font-semibold tracking-tight">Site Console</span>
    </div>
  );
}

/** Sidebar on wide screens, a drawer behind a menu button on phones; header with site and user. */
export function AppFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    if (drawerOpen && !drawer.open) drawer.showModal();
    if (!drawerOpen && drawer.open) drawer.close();
  }, [drawerOpen]);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <a
        href="#main"
        className="bg-accent text-accent-fg sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="border-border bg-surface sticky top-0 hidden h-dvh flex-col gap-6 border-r px-3 py-4 md:flex">
        <Brand />
        <SidebarNav />
      </aside>

      <dialog
        ref={drawerRef}
        aria-label="Navigation"
        onCancel={(event) => {
          event.preventDefault();
          setDrawerOpen(false);
        }}
        onClick={(event) => {
          if (event.target === drawerRef.current) setDrawerOpen(false);
        }}
        className="bg-surface text-fg border-border m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r p-0 md:hidden"
      >
        <div className="flex h-full flex-col gap-6 px-3 py-4">
          <div className="flex items-center justify-between">
            <Brand />
            <button
              type="button"
              className="text-muted hover:bg-subtle hover:text-fg rounded-md p-2"
              aria-label="Close navigation"
              onClick={() => setDrawerOpen(false)}
            >
              <CloseIcon />
            </button>
          </div>
          <SidebarNav onNavigate={() => setDrawerOpen(false)} />
        </div>
      </dialog>

      <div className="flex min-w-0 flex-col">
        <header className="border-border bg-bg/85 sticky top-0 z-30 flex h-14 items-center gap-2 border-b px-3 backdrop-blur sm:px-6">
          <button
            type="button"
            className="text-muted hover:bg-subtle hover:text-fg -ml-1 rounded-md p-2 md:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <SiteSwitcher className="max-w-[60vw] sm:max-w-xs" />
          <div className="ml-auto flex items-center gap-2">
            <UserMenu />
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'mx-auto w-full min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8',
            !wide && 'max-w-6xl',
          )}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
