// The secret of a token just made, shown once (issue 29): a Copy button and the warning that it
// will not be shown again.
import type { CreatedTokenWire } from '../../api/tokens';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';

async function copySecret(secret: string) {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success('Copied the token');
  } catch {
    toast.error('Could not copy the token', {
      description: 'The browser refused access to the clipboard; select it and copy it by hand.',
    });
  }
}

export function CreatedToken({ token, onDone }: { token: CreatedTokenWire; onDone: () => void }) {
  return (
    <section
      aria-labelledby="created-token-title"
      className="border-success/40 bg-success-soft mb-6 space-y-3 rounded-lg border p-4"
    >
      <h2 id="created-token-title" className="text-fg text-sm font-semibold">
        Token “{token.name}” created
      </h2>
      <p role="note" className="text-fg text-sm">
        Copy it now: it will not be shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="token-secret"
          className="border-border bg-surface min-w-0 flex-1 rounded-md border px-3 py-2 font-mono text-xs break-all"
        >
          {token.secret}
        </code>
        <Button size="sm" variant="primary" onClick={() => void copySecret(token.secret)}>
          Copy
        </Button>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
