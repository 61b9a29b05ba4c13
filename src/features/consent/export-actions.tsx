import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import { Button } from '../../components/ui/button';
import type { CheckedCookie } from './consent-check-model';
import { downloadText } from './download';
import { klaroConfigScript, toKlaroConfig } from './klaro-export';

/** Downloads of the saved configuration (unsaved form edits are not part of it). */
export function ExportActions({
  config,
  applications,
  cookies,
}: {
  config: ConsentConfig;
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
}) {
  return (
    <>
      <Button
        onClick={() =>
          downloadText(
            'consent-config.json',
            `${JSON.stringify({ ...config, applications }, null, 2)}\n`,
            'application/json',
          )
        }
      >
        Export JSON
      </Button>
      <Button
        onClick={() =>
          downloadText(
            'klaro-config.js',
            klaroConfigScript(toKlaroConfig(config, applications, cookies)),
            'text/javascript',
          )
        }
      >
        Export Klaro config
      </Button>
    </>
  );
}
