/**
 * A change of the site's default language that would leave notifications the PUT would refuse:
 * their translation in the new default has no HTML while their HTML version is on (decision
 * 045). The store throws it inside the change's transaction, so nothing is written; the error
 * handler answers it as a 422 on `default_locale` naming the notifications.
 */
export class LanguageChangeRefused extends Error {
  override name = 'LanguageChangeRefused';

  constructor(
    readonly locale: string,
    readonly notificationNames: readonly string[],
  ) {
    super(
      `The ${locale} translation has no HTML while the HTML version is on in: ` +
        `${notificationNames.join(', ')}. Add its HTML (or turn the HTML version off) first`,
    );
  }
}
