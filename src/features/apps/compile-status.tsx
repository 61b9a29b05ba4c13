// Compile status: when the app was last compiled, with which SDK, and every error in full.
import { useId } from 'react';
import type { App } from '../../../contract/wire/app';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Timestamp } from '../../components/timestamp';
import { textOrNotSet } from '../../components/not-set';
import { CompileStatusBadge } from './compile-status-badge';

export function CompileStatus({ app }: { app: App }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Compile status"
        actions={<CompileStatusBadge app={app} />}
      />
      <CardBody className="flex flex-col gap-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted text-xs">Compiled</dt>
            <dd>
              <Timestamp value={app.compiled_at} />
            </dd>
          </div>
          <div>
            <dt className="text-muted text-xs">SDK version</dt>
            <dd className="font-mono">{textOrNotSet(app.sdk_version)}</dd>
          </div>
          <div>
            <dt className="text-muted text-xs">Updated</dt>
            <dd>
              <Timestamp value={app.updated_at} missing="unknown" />
            </dd>
          </div>
        </dl>
        {app.compile_errors.length > 0 && (
          <div>
            <h3 className="text-danger mb-2 text-sm font-semibold">
              {app.compile_errors.length === 1
                ? '1 compile error'
                : `${app.compile_errors.length} compile errors`}
            </h3>
            <ol className="flex flex-col gap-2">
              {app.compile_errors.map((message, index) => (
                <li key={index}>
                  <pre className="border-danger/30 bg-danger-soft text-fg overflow-x-auto rounded-md border px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap">
                    {message}
                  </pre>
                </li>
              ))}
            </ol>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
