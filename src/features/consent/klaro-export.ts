import type { LocalizedText } from '../../../contract/schemas/common';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import type { CheckedCookie } from './consent-check-model';
import { installConsentRecorder, type ConsentRecording } from './consent-recorder';
import { installConsentMode, type ConsentModeMapping } from './consent-mode';
import { cookiePatternError, isRegexCookieName } from './consent-cookies';
import { languagesInUse, resolveLocalized, textIn } from './localized-text';

/** Klaro's cookie forms: a name or pattern alone, or `[name or pattern, path, domain]`. */
export type KlaroCookie = string | RegExp | [string | RegExp, string, string];

export interface KlaroServiceTranslation {
  title?: string;
  description?: string;
  /** Text of the contextual consent placeholder, as the site shows it. */
  placeholderMessage?: string;
  placeholderAction?: string;
}

export interface KlaroService {
  name: string;
  title: string;
  purposes: string[];
  cookies: KlaroCookie[];
  required: boolean;
  default: boolean;
  optOut: boolean;
  onlyOnce: boolean;
  translations: Record<string, KlaroServiceTranslation>;
}

export interface KlaroTranslation {
  privacyPolicyUrl?: string;
  purposes?: Record<string, { title: string; description?: string }>;
}

export interface KlaroConfig {
  version: 1;
  elementID: string;
  storageMethod: 'cookie';
  cookieName: string;
  cookieExpiresAfterDays: number;
  default: boolean;
  mustConsent: boolean;
  acceptAll: boolean;
  hideDeclineAll: boolean;
  /**
   * Set only when the admin forces one language: Klaro uses `lang` whenever it is present and
   * otherwise follows the visitor's browser language (falling back to `zz`).
   */
  lang?: string;
  /** Older Klaro versions read the policy from here; newer ones from `translations[lang].privacyPolicyUrl`. */
  privacyPolicy: Record<string, string>;
  purposeOrder: string[];
  /** `zz` is Klaro's fallback for languages with no translation. */
  translations: Record<string, KlaroTranslation>;
  services: KlaroService[];
  /**
   * Google Consent Mode v2 mapping (signal → purposes), set only when the admin turned it on.
   * Klaro ignores it; the `callback` klaroConfigScript adds reads it (decision 054).
   */
  consentMode?: ConsentModeMapping;
}

export interface KlaroExportOptions {
  /** The URL a privacy policy page has on the site; by default `/` + the page id. */
  pageUrl?: (pageId: string) => string;
  /** Force the banner into this language for every visitor; by default Klaro follows the visitor's. */
  lang?: string;
}

const FALLBACK_KEY = 'zz';

/** A `^` name that compiles becomes a RegExp; anything else is matched by name, as Klaro does. */
function klaroCookie(cookie: CheckedCookie): KlaroCookie {
  const name =
    isRegexCookieName(cookie.name) && cookiePatternError(cookie.name) === null
      ? new RegExp(cookie.name)
      : cookie.name;
  const path = cookie.path === '' ? '/' : cookie.path;
  if (path === '/' && cookie.domain === '') return name;
  return [name, path, cookie.domain];
}

/** Text per language that has it, plus the fallback under `zz`. */
function perLanguage(text: LocalizedText, languages: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const language of languages) {
    const own = textIn(text, language);
    if (own !== undefined) result[language] = own;
  }
  const fallback = resolveLocalized(text, 'en');
  if (fallback.language !== null) result[FALLBACK_KEY] = fallback.text;
  return result;
}

function serviceTranslations(
  app: ConsentApplication,
  languages: string[],
): Record<string, KlaroServiceTranslation> {
  const fields = {
    title: perLanguage(app.title, languages),
    description: perLanguage(app.description, languages),
    placeholderMessage: perLanguage(app.placeholder_message, languages),
    placeholderAction: perLanguage(app.placeholder_action, languages),
  };
  const result: Record<string, KlaroServiceTranslation> = {};
  for (const [field, texts] of Object.entries(fields) as [
    keyof KlaroServiceTranslation,
    Record<string, string>,
  ][]) {
    for (const [language, text] of Object.entries(texts)) {
      (result[language] ??= {})[field] = text;
    }
  }
  return result;
}

function privacyPolicyUrls(
  config: Pick<
    ConsentConfig,
    'privacy_policy_kind' | 'privacy_policy_url' | 'privacy_policy_page_id'
  >,
  languages: string[],
  pageUrl: (pageId: string) => string,
): Record<string, string> {
  if (config.privacy_policy_kind === 'url') {
    return perLanguage(config.privacy_policy_url, languages);
  }
  if (config.privacy_policy_kind === 'page' && config.privacy_policy_page_id?.trim()) {
    return { [FALLBACK_KEY]: pageUrl(config.privacy_policy_page_id.trim()) };
  }
  return {};
}

/**
 * A Klaro-style configuration (services, purposes, translations, privacy policy per language)
 * built from the consent configuration and its applications.
 */
export function toKlaroConfig(
  config: ConsentConfig,
  applications: readonly ConsentApplication[],
  cookies: readonly CheckedCookie[],
  options: KlaroExportOptions = {},
): KlaroConfig {
  const pageUrl = options.pageUrl ?? ((pageId: string) => `/${pageId.replace(/^\/+/, '')}`);
  const languages = languagesInUse({ ...config, applications });
  const policy = privacyPolicyUrls(config, languages, pageUrl);
  if (options.lang !== undefined && !languages.includes(options.lang)) {
    // A forced language without texts would show every visitor the `zz` fallback.
    throw new Error(
      `Cannot force language ${options.lang}: the configuration has texts in ${languages.join(', ') || 'no language'}`,
    );
  }

  const translations: Record<string, KlaroTranslation> = {};
  for (const language of [...languages, FALLBACK_KEY]) {
    const translation: KlaroTranslation = {};
    if (policy[language] !== undefined) translation.privacyPolicyUrl = policy[language];
    const purposes: NonNullable<KlaroTranslation['purposes']> = {};
    for (const purpose of config.purposes) {
      const description =
        language === FALLBACK_KEY
          ? resolveLocalized(purpose.description, 'en')
          : { text: purpose.description[language] ?? '', language };
      purposes[purpose.name] = {
        title: purpose.name,
        ...(description.text.trim() !== '' ? { description: description.text } : {}),
      };
    }
    if (config.purposes.length > 0) translation.purposes = purposes;
    translations[language] = translation;
  }

  const privacyPolicy: Record<string, string> = {};
  for (const [language, url] of Object.entries(policy)) {
    privacyPolicy[language === FALLBACK_KEY ? 'default' : language] = url;
  }

  return {
    version: 1,
    elementID: 'klaro',
    storageMethod: 'cookie',
    cookieName: 'klaro',
    cookieExpiresAfterDays: 365,
    // Nothing is pre-ticked and the visitor can decline everything: what valid consent needs.
    default: false,
    mustConsent: false,
    acceptAll: true,
    hideDeclineAll: false,
    ...(options.lang !== undefined ? { lang: options.lang } : {}),
    ...(config.consent_mode !== null ? { consentMode: config.consent_mode } : {}),
    privacyPolicy,
    purposeOrder: config.purposes.map((purpose) => purpose.name),
    translations,
    services: applications.map((app) => ({
      name: app.name,
      title: resolveLocalized(app.title, 'en').text || app.name,
      purposes: [...app.purposes],
      cookies: cookies.filter((cookie) => cookie.application === app.name).map(klaroCookie),
      required: app.required,
      default: app.default,
      optOut: app.opt_out,
      onlyOnce: true,
      translations: serviceTranslations(app, languages),
    })),
  };
}

/** JSON with regular expressions as JavaScript literals, so a site can load it as a script. */
function toJavaScript(value: unknown, indent: string): string {
  const next = `${indent}  `;
  if (value instanceof RegExp) return value.toString();
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => next + toJavaScript(item, next)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries
      .map(([key, item]) => `${next}${JSON.stringify(key)}: ${toJavaScript(item, next)}`)
      .join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/**
 * The file a site includes before Klaro's script: it defines `window.klaroConfig` and, with a
 * Consent Mode mapping, sends gtag's consent default and sets Klaro's `callback` to the updates;
 * with `recording`, the callback also records each visitor's choice (decision 064).
 */
export function klaroConfigScript(
  config: KlaroConfig,
  recording?: Omit<ConsentRecording, 'cookieName'>,
): string {
  const lines = [
    '// Klaro configuration exported by Site Console.',
    config.consentMode === undefined
      ? '// Include this file before klaro.js.'
      : '// Include this file before klaro.js and before Google tag (gtag.js or Google Tag Manager).',
    `window.klaroConfig = ${toJavaScript(config, '')};`,
  ];
  const consentMode = `(${installConsentMode.toString()})(window.klaroConfig.consentMode, window)`;
  if (config.consentMode !== undefined) {
    lines.push(
      '',
      '// Google Consent Mode v2: every signal starts denied; Klaro calls `callback` when the',
      "// visitor's choices change, which sends gtag('consent', 'update', ...) for the purposes",
      '// mapped in `consentMode` (granted when every service of those purposes is accepted).',
    );
    if (recording === undefined) lines.push(`window.klaroConfig.callback = ${consentMode};`);
  }
  if (recording !== undefined) {
    const settings: ConsentRecording = { ...recording, cookieName: config.cookieName };
    const recorder = `(${installConsentRecorder.toString()})(${JSON.stringify(settings)}, window)`;
    lines.push(
      '',
      "// Proof of consent: each visitor's choice is sent to Site Console (navigator.sendBeacon)",
      '// with the version of this configuration, once per change.',
      'window.klaroConfig.callback = (function (handlers) {',
      '  return function (consent, service) {',
      '    for (var i = 0; i < handlers.length; i += 1) handlers[i](consent, service);',
      '  };',
      `})([${config.consentMode !== undefined ? `${consentMode}, ` : ''}${recorder}]);`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
