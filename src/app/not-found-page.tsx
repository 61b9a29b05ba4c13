import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <p className="text-accent text-sm font-semibold">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-muted mt-2 text-sm">
        There is nothing at this address. It may have been renamed, or the link is incomplete.
      </p>
      <Link to="/apps" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to apps
      </Link>
    </div>
  );
}
