// Loaded only when a sign-in link names another API (issue 29), so the sign-in page's budget
// does not carry it.
import { Button } from '../components/ui/button';

/** The question a link to another server asks, with both addresses. */
export function SwitchServerQuestion(props: {
  current: string;
  next: string;
  onSwitch: () => void;
  onStay: () => void;
}) {
  return (
    <section
      aria-labelledby="switch-server-title"
      className="border-border bg-surface flex flex-col gap-3 rounded-xl border p-6 text-sm shadow-sm"
    >
      <h2 id="switch-server-title" className="text-base font-semibold">
        Switch to another server?
      </h2>
      <p>
        This sign-in link points to a different API than the one you use. Only switch if you trust
        it.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">Now</dt>
        <dd className="font-mono break-all">{props.current}</dd>
        <dt className="text-muted">Link</dt>
        <dd className="font-mono break-all">{props.next}</dd>
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={props.onStay}>Stay on this server</Button>
        <Button variant="primary" onClick={props.onSwitch}>
          Switch server
        </Button>
      </div>
    </section>
  );
}
