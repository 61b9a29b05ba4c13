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
  recording,
}: {
  config: ConsentConfig;
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
  /** Where the exported banner records choices; absent: a server without consent records. */
  recording?: { endpoint: string; configVersion: string };
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
            klaroConfigScript(toKlaroConfig(config, applications, cookies), recording),
            'text/javascript',
          )
        }
      >
        Export Klaro config
      </Button>
    </>
  );
}
