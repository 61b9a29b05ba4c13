/**
 * From caniemail.com's data as the `caniemail` npm package ships it (`caniemail/caniemail.json`,
 * a devDependency) to the trimmed table the client-support check reads
 * (caniemail-data.json, written by `npx tsx scripts/caniemail-data.ts`): the HTML, CSS and image
 * features only, for the clients of contract/schemas/email-clients.ts only, each client's latest
 * tested version only, with the notes those results cite. The service needs no network and no
 * runtime dependency; a test keeps the checked-in table equal to what the package gives.
 */
import { EMAIL_CLIENTS } from '../../../contract/schemas/email-clients';

/** `y` supported, `a` partially, `n` not, `u` unknown (caniemail's letters). */
export type Support = 'y' | 'a' | 'n' | 'u';

export interface TrimmedFeature {
  title: string;
  url: string;
  /** By our client id: the support and the notes it cites; clients without data are absent. */
  support: Record<string, { support: Support; notes?: string[] }>;
}

export interface TrimmedData {
  source: string;
  license: string;
  last_update_date: string;
  features: Record<string, TrimmedFeature>;
}

interface CaniemailFeature {
  slug: string;
  title: string;
  url: string;
  category: string;
  notes_by_num: Record<string, string> | null;
  stats: Record<string, Record<string, Record<string, string>>>;
}

export interface CaniemailData {
  last_update_date: string;
  data: CaniemailFeature[];
}

const CATEGORIES = new Set(['html', 'css', 'image']);

export function trimCaniemail(data: CaniemailData, packageVersion: string): TrimmedData {
  const features: Record<string, TrimmedFeature> = {};
  for (const feature of [...data.data].sort((a, b) => a.slug.localeCompare(b.slug))) {
    if (!CATEGORIES.has(feature.category)) continue;
    const support: TrimmedFeature['support'] = {};
    for (const client of EMAIL_CLIENTS) {
      const versions = feature.stats[client.family]?.[client.platform];
      // caniemail lists versions oldest first: the last is the latest test.
      const latest = versions ? Object.values(versions).at(-1) : undefined;
      if (latest === undefined) continue;
      const [letter = 'u', ...marks] = latest.trim().split(/\s+/);
      const notes = marks
        .map((mark) => feature.notes_by_num?.[mark.replace(/^#/, '')])
        .filter((note): note is string => note !== undefined);
      support[client.id] = {
        support: (['y', 'a', 'n'].includes(letter) ? letter : 'u') as Support,
        ...(notes.length > 0 ? { notes } : {}),
      };
    }
    features[feature.slug] = { title: feature.title, url: feature.url, support };
  }
  return {
    source: `caniemail@${packageVersion} (npm), the data of https://www.caniemail.com`,
    license: 'MIT (the caniemail package); the data by caniemail.com contributors',
    last_update_date: data.last_update_date,
    features,
  };
}
