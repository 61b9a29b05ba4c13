/**
 * `npx tsx scripts/caniemail-data.ts`: writes server/notifications/checks/caniemail-data.json,
 * the client-support table of issue 39, from the `caniemail` package installed (a devDependency:
 * bump it, run this, commit both). caniemail-trim.ts says what is kept.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { trimCaniemail, type CaniemailData } from '../server/notifications/checks/caniemail-trim';

const require = createRequire(import.meta.url);
const data = JSON.parse(
  readFileSync(require.resolve('caniemail/caniemail.json'), 'utf8'),
) as CaniemailData;
const { version } = JSON.parse(readFileSync(require.resolve('caniemail/package.json'), 'utf8')) as {
  version: string;
};
const target = new URL('../server/notifications/checks/caniemail-data.json', import.meta.url);
const trimmed = trimCaniemail(data, version);
// One feature a line: a bump of the package shows as a readable diff.
const features = Object.entries(trimmed.features).map(
  ([slug, feature]) => `  ${JSON.stringify(slug)}: ${JSON.stringify(feature)}`,
);
const head = JSON.stringify({ ...trimmed, features: undefined }, null, 1).slice(0, -2);
writeFileSync(target, `${head},\n "features": {\n${features.join(',\n')}\n }\n}\n`);
console.log(`wrote ${target.pathname} from caniemail@${version} (${data.last_update_date})`);
