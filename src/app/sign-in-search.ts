import * as z from 'zod/mini';

/** Why the user landed on sign-in; each gets its own message. */
export const SIGN_IN_REASONS = ['expired', 'signed-out'] as const;

/** URL search parameters of `/sign-in`. */
export const signInSearchSchema = z.object({
  /** The page to return to after signing in (path + search, same origin). */
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(SIGN_IN_REASONS)), undefined),
});
export type SignInSearch = z.infer<typeof signInSearchSchema>;

/** Only same-origin paths are followed, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/apps';
  if (redirect.startsWith('/sign-in')) return '/apps';
  return redirect;
}
