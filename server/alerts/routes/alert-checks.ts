/**
 * What an alert rule is checked against beyond its shape (issue 41): its app is an app of the
 * site, its e-mails belong to members of the site. A failure is a 422 on the field, with every
 * problem found, before anything is written.
 */
import type { AlertRule } from '../../../contract/schemas/alert';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { findAppRow } from '../../apps';
import type { Db } from '../../database/schema';
import { fieldError, validation } from '../../http/errors';
import { nonMemberEmails } from '../store/alerts';

export const ALERT_RESOURCE = 'alert';

/** The app's row id; throws the 422 of every field that names something the site lacks. */
export async function checkAlertRule(db: Db, siteId: string, rule: AlertRule): Promise<number> {
  const problems: ErrorDetail[] = [];
  const app = await findAppRow(db, siteId, rule.app);
  if (!app) {
    problems.push(
      fieldError({
        resource: ALERT_RESOURCE,
        field: 'app',
        message: 'There is no such app on this site',
        code: 'unknown',
        value: rule.app,
      }),
    );
  }
  const emails = rule.notify.emails ?? [];
  const strangers = new Set(await nonMemberEmails(db, siteId, emails));
  emails.forEach((email, index) => {
    if (!strangers.has(email)) return;
    problems.push(
      fieldError({
        resource: ALERT_RESOURCE,
        field: `notify.emails.${String(index)}`,
        message: 'Not a member of this site',
        code: 'not_member',
        value: email,
      }),
    );
  });
  if (problems.length > 0 || !app) throw validation(problems);
  return app.id;
}
