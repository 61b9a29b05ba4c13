// A record's detail: what the visitor chose, where and with what, the Google Consent Mode state
// that produced, and "What this visitor saw": the banner re-rendered by the real Klaro from the
// configuration version the record names, in the visitor's language (the Preview's renderer).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  consentRecordConfigQueryOptions,
  type ConsentRecordWire,
} from '../../../api/consent-records';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { collectCookies } from '../consent-cookies';
import { consentModeSignals } from './consent-mode-signals';
import { OUTCOMES, acceptedCount } from './records-table';

const BannerPreview = lazy(() => import('../banner-preview/banner-preview'));

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function WhatTheVisitorSaw({ record }: { record: ConsentRecordWire }) {
  const config = useQuery(consentRecordConfigQueryOptions(record.config_revision));
  if (config.isPending) return <SkeletonRows count={3} label="Loading the configuration shown" />;
  if (config.isError) {
    return (
      <ErrorState
        error={config.error}
        title="Could not load the configuration this visitor saw"
        onRetry={() => void config.refetch()}
      />
    );
  }
  const signals = consentModeSignals(config.data, record.choices);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="record-signals-heading" className="flex flex-col gap-2">
        <h3 id="record-signals-heading" className="text-sm font-medium">
          Google Consent Mode state after this choice
        </h3>
        {signals === null ? (
          <p className="text-muted text-sm">Consent Mode was off in this version: no signals.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {Object.entries(signals).map(([signal, state]) => (
              <li key={signal}>
                <Badge tone={state === 'granted' ? 'success' : 'neutral'}>
                  <span className="font-mono">{signal}</span>: {state}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Suspense
        fallback={
          <p role="status" className="text-muted flex items-center gap-2 text-sm">
            <Spinner /> Loading Klaro…
          </p>
        }
      >
        <BannerPreview
          config={config.data}
          applications={config.data.applications}
          cookies={collectCookies(config.data.cookies, config.data.applications)}
          initialLanguage={record.locale}
        />
      </Suspense>
    </div>
  );
}

export function RecordDetail({
  record,
  onClose,
  onErase,
}: {
  record: ConsentRecordWire;
  onClose: () => void;
  onErase: (consentId: string) => void;
}) {
  const choices = Object.entries(record.choices).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={`Consent record ${String(record.id)}`}
      description={`${formatDateTime(record.created_at, { utc: true })} UTC`}
      footer={
        <>
          <Button variant="danger-subtle" onClick={() => onErase(record.consent_id)}>
            Erase this visitor&rsquo;s records
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <dl className="flex flex-col gap-2">
          <Row label="Consent ID">
            <span className="font-mono text-xs">{record.consent_id}</span>
          </Row>
          <Row label="Choice">
            <Badge tone={OUTCOMES[record.outcome].tone}>{OUTCOMES[record.outcome].label}</Badge>{' '}
            <span className="text-muted text-xs">{acceptedCount(record)} applications</span>
          </Row>
          <Row label="Applications">
            <ul className="flex flex-col gap-1">
              {choices.map(([name, accepted]) => (
                <li key={name} className="flex items-center gap-2">
                  <span className="font-mono text-xs">{name}</span>
                  <Badge tone={accepted ? 'success' : 'neutral'}>
                    {accepted ? 'Accepted' : 'Declined'}
                  </Badge>
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Locale">{record.locale}</Row>
          <Row label="Page">{record.page ?? <span className="text-muted">not sent</span>}</Row>
          <Row label="Browser">
            {record.user_agent ?? <span className="text-muted">not sent</span>}
          </Row>
          <Row label="Address (keyed hash)">
            <span className="font-mono text-xs break-all">{record.ip_hash}</span>
          </Row>
          <Row label="Configuration">
            Version {record.config_revision}{' '}
            <span className="text-muted font-mono text-xs">({record.config_version})</span>
          </Row>
        </dl>
        <section aria-labelledby="record-saw-heading" className="flex flex-col gap-3">
          <h2 id="record-saw-heading" className="text-base font-semibold">
            What this visitor saw
          </h2>
          <p className="text-muted text-sm">
            The banner as Klaro renders the configuration of version {record.config_revision}, in{' '}
            {record.locale}: the version the visitor&rsquo;s banner was exported from.
          </p>
          <WhatTheVisitorSaw record={record} />
        </section>
      </div>
    </Dialog>
  );
}
