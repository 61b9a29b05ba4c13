import { Button } from '../../../components/ui/button';

export interface TextStaleNoticeProps {
  onRegenerate: () => void;
  /** Busy while the text is being generated. */
  regenerating?: boolean;
}

/**
 * Said where the text version is seen (its tab, the review before saving): the HTML changed
 * since the text was last edited or generated, so the two parts of the mail may say different
 * things. Regenerating is one click away.
 */
export function TextStaleNotice({ onRegenerate, regenerating = false }: TextStaleNoticeProps) {
  return (
    <div
      role="status"
      className="border-warning bg-warning-soft text-fg flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
    >
      <p>
        The text version is older than the HTML: the HTML changed since the text was last edited or
        generated, so mail apps that show the text may say something else.
      </p>
      <Button size="sm" onClick={onRegenerate} loading={regenerating}>
        Regenerate from HTML
      </Button>
    </div>
  );
}

/** On the Text tab itself, so the notice is not hidden behind the HTML tab. */
export function TextStaleBadge() {
  return (
    <span className="border-warning bg-warning-soft text-warning inline-flex items-center rounded-full border px-1.5 text-[11px] leading-4 font-semibold">
      older than HTML
    </span>
  );
}
