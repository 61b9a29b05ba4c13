// A value the server did not send (the spec makes no response field required): a muted dash on
// screen, "not set" for assistive technology.
import type { ReactNode } from 'react';

export function NotSet() {
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">not set</span>
    </span>
  );
}

/** The text, or NotSet when it is missing or empty. */
export function textOrNotSet(value: string | null | undefined): ReactNode {
  return value === null || value === undefined || value === '' ? <NotSet /> : value;
}
