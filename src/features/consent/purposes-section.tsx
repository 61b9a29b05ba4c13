import type { ConsentPurpose } from '../../../contract/wire/consent';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { findingsFor, targetAnchorId, type Finding } from './consent-checks';
import { FindingList } from './findings';
import { LocalizedValue } from './localized-value';

export function PurposesSection({
  purposes,
  usage,
  findings,
  language,
}: {
  purposes: readonly ConsentPurpose[];
  /** Purpose name → the applications that use it. */
  usage: ReadonlyMap<string, string[]>;
  findings: readonly Finding[];
  language: string;
}) {
  return (
    <Card aria-labelledby="consent-purposes-heading">
      <CardHeader
        id="consent-purposes-heading"
        title="Purposes"
        description="What visitors consent to; each application serves one or more."
      />
      <CardBody>
        {purposes.length === 0 ? (
          <EmptyState title="No purposes" description="This configuration defines no purposes." />
        ) : (
          <ul className="divide-border flex flex-col divide-y">
            {purposes.map((purpose, index) => {
              const target = { kind: 'purpose' as const, name: purpose.name };
              const users = usage.get(purpose.name) ?? [];
              const firstOfName = purposes.findIndex((p) => p.name === purpose.name) === index;
              return (
                <li
                  key={`${purpose.name}-${index}`}
                  id={firstOfName ? targetAnchorId(target) : undefined}
                  tabIndex={-1}
                  className="flex scroll-mt-20 flex-col gap-2 py-3 first:pt-0 last:pb-0"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-fg font-mono text-sm font-semibold">{purpose.name}</h3>
                    <span className="text-muted text-xs">
                      {users.length === 0
                        ? 'Used by no application'
                        : `Used by ${users.join(', ')}`}
                    </span>
                  </div>
                  <LocalizedValue
                    text={purpose.description}
                    language={language}
                    className="text-sm"
                    empty="No description"
                  />
                  {firstOfName && <FindingList findings={findingsFor(findings, target)} />}
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
