import { Button } from '../../../components/ui/button';
import type { NotificationDraft } from './draft-store';

export interface DraftBannerProps {
  /** A template's draft, or a layout's (layouts/layout-draft.ts): when it was kept, on what. */
  draft: Pick<NotificationDraft, 'saved_at' | 'base_updated_at'>;
  /** What was saved since: "notification" (the default) or "layout". */
  noun?: string;
  serverUpdatedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Offers back the edits of an earlier visit that were never saved. */
export function DraftBanner({
  draft,
  serverUpdatedAt,
  onRestore,
  onDiscard,
  noun = 'notification',
}: DraftBannerProps) {
  const serverMovedOn = draft.base_updated_at !== serverUpdatedAt;
  return (
    <div
      role="region"
      aria-label="Unsaved draft"
      className="border-accent bg-accent-soft text-fg flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm"
    >
      <div>
        <p className="font-medium">You have unsaved changes from {when(draft.saved_at)}.</p>
        {serverMovedOn && (
          <p className="text-muted text-xs">
            Someone saved this {noun} since; review the changes before saving.
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={onDiscard}>
          Discard draft
        </Button>
        <Button size="sm" variant="primary" onClick={onRestore}>
          Restore draft
        </Button>
      </div>
    </div>
  );
}

/** The cache moved on (someone saved elsewhere) while this editor kept its base version. */
export function NewerVersionNotice({ isDirty, onLoad }: { isDirty: boolean; onLoad: () => void }) {
  return (
    <div
      role="status"
      className="border-warning bg-warning-soft text-fg flex flex-wrap items-center justify-between gap-2 rounded-md border px-4 py-2 text-sm"
    >
      <span>
        A newer version was saved elsewhere.{isDirty ? ' Saving will ask how to merge.' : ''}
      </span>
      {!isDirty && (
        <button
          type="button"
          className="text-accent font-medium underline underline-offset-2"
          onClick={onLoad}
        >
          Load the latest version
        </button>
      )}
    </div>
  );
}
