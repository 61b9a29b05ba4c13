// Loaded only when an address of another site meets unsaved changes (issue 30).
import { useQuery } from '@tanstack/react-query';
import { sitesQueryOptions } from '../api/sites';
import { ConfirmDialog } from '../components/ui/dialog';
import { useRequiredConnection } from '../session/connection-store';

/** "Switch to Acme?": Stay keeps this site and the edits, Switch opens the address there. */
export function SiteSwitchQuestion(props: { site: string; onAnswer: (discard: boolean) => void }) {
  const connection = useRequiredConnection();
  const sites = useQuery(sitesQueryOptions());
  const nameOf = (id: string) => sites.data?.find((site) => site.id === id)?.name ?? id;
  const next = nameOf(props.site);
  const current = nameOf(connection.site);
  return (
    <ConfirmDialog
      open
      title={`Switch to ${next}?`}
      description={
        <>
          This address is for the site {next} ({props.site}). You have changes on {current} that are
          not saved: stay to keep editing them, or switch and leave them. A notification’s draft
          stays in this browser either way.
        </>
      }
      confirmLabel={`Switch to ${next}`}
      cancelLabel={`Stay on ${current}`}
      onConfirm={() => props.onAnswer(true)}
      onCancel={() => props.onAnswer(false)}
    />
  );
}
