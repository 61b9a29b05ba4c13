// Why a sign-in does not work. Apart from the server checks (verify-connection.ts), which the
// sign-in page loads only once its form is used (decision 080).
export type SignInField = 'baseUrl' | 'token' | 'site';

/** Why a connection does not work, aimed at the field the user should fix. */
export class SignInProblem extends Error {
  readonly field: SignInField;
  constructor(field: SignInField, message: string) {
    super(message);
    this.name = 'SignInProblem';
    this.field = field;
  }
}
