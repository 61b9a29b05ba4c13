/**
 * The callback URL the service derives for an internal app:
 *
 *   https://{domain}/oauth/{key}/callback?scopes={sorted, de-duplicated scopes joined by ","}
 *
 * It depends only on the app's domain and key and on the set of scopes, so the same scopes in
 * another order give the same URL. The dashboard shows it live with this same function.
 */
export function deriveCallbackUrl(
  app: { key: string; domain: string },
  scopes: readonly string[],
): string {
  const normalized = [...new Set(scopes)].sort();
  const query = normalized.length > 0 ? `?scopes=${normalized.join(',')}` : '';
  return `https://${app.domain}/oauth/${encodeURIComponent(app.key)}/callback${query}`;
}

/** Whether two scope lists are the same set (order and duplicates do not count). */
export function sameScopeSet(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((scope, index) => scope === right[index]);
}
