// The save's review (with its line diff) on demand (decision 080): not part of the first open of
// a template, fetched as soon as there is something to save, so it is there when Save is pressed.
// Once fetched it stays mounted, so it opens, closes and gives the focus back as it always did.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReviewDialogProps } from './review-dialog';

const load = () => import('./review-dialog');
const ReviewDialog = lazy(() => load().then((module) => ({ default: module.ReviewDialog })));

export function ReviewDialogLoader({
  wanted,
  ...props
}: ReviewDialogProps & {
  /** There are unsaved changes: a review may be asked for at any moment. */
  wanted: boolean;
}) {
  const [mounted, setMounted] = useState(false);
  const needed = wanted || props.open;
  useEffect(() => {
    // A chunk that does not arrive is not an error yet: opening the review loads it again.
    if (needed)
      load().then(
        () => setMounted(true),
        () => undefined,
      );
  }, [needed]);
  if (!mounted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <ReviewDialog {...props} />
    </Suspense>
  );
}
