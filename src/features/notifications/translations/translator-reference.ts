export interface TranslatorReference {
  defaultHtml: string;
  basedOnHtml: string | null;
  defaultLocale: string;
  locale: string;
}
