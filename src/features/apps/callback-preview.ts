import { deriveCallbackUrl } from '../../../contract/app-callback';
import { domainSchema } from '../../../contract/schemas/app';

export interface CallbackPreview {
  /** The URL to show. */
  url: string;
  /** True when the service derives it (internal app) rather than storing what the admin typed. */
  derived: boolean;
}

/**
 * The callback URL the app will have once saved. For an internal app it is the URL the service
 * derives, with the same function the service uses, from the domain and scopes being edited;
 * an unfinished domain falls back to the one last saved so the preview never shows garbage, and
 * with neither (a server that sent no domain) the URL shows a `{domain}` placeholder.
 */
export function previewCallbackUrl(
  app: { key: string; domain: string | null },
  values: {
    internal: boolean;
    domain: string;
    install_scopes: readonly string[];
    callback_url: string;
  },
): CallbackPreview {
  if (!values.internal) return { url: values.callback_url, derived: false };
  const domain = domainSchema.safeParse(values.domain);
  return {
    url: deriveCallbackUrl(
      { key: app.key, domain: domain.success ? domain.data : (app.domain ?? '{domain}') },
      values.install_scopes,
    ),
    derived: true,
  };
}
