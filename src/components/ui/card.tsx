// <Card><CardHeader title="Install scopes" description="…" actions={<Button/>} /><CardBody>…</CardBody>
//   <CardFooter>…</CardFooter></Card>
// A Card is a <section> labelled by its title, so pages read as a list of regions.
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, children, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={cn('border-border bg-surface rounded-lg border shadow-sm', className)}
      {...props}
    >
      {children}
    </section>
  );
}

export function CardHeader({
  title,
  description,
  actions,
  id,
  as: Heading = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
  as?: 'h2' | 'h3';
}) {
  const generated = useId();
  return (
    <div className="border-border flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3 sm:px-5">
      <div className="min-w-0">
        <Heading id={id ?? generated} className="text-fg text-base font-semibold">
          {title}
        </Heading>
        {description && <p className="text-muted mt-0.5 text-sm">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-4 py-4 sm:px-5', className)} {...props} />;
}

/** One row: a status text (give it `min-w-0` so it wraps in its place) and the actions; on a
 * phone it stays as low as the buttons, even when it sticks to the bottom of the screen. */
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        // Hidden in a read-only form (resource-editor/read-only.tsx): no Save to press.
        'border-border bg-subtle/50 flex items-center justify-end gap-2 rounded-b-lg border-t px-4 py-3 group-disabled/readonly:hidden sm:px-5',
        className,
      )}
      {...props}
    />
  );
}

/** Page title row: <PageHeader title="Apps" description="…" actions={…} />. One h1 per page. */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumb,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {breadcrumb && <div className="text-muted mb-1 text-sm">{breadcrumb}</div>}
        <h1 className="text-fg truncate text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-muted mt-1 text-sm">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
