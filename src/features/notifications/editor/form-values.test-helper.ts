// The form values of an English order template with a Dutch translation, for the tests of the
// per-locale form (its states, partial update and 412 merge).
import type { NotificationFormValues } from '../translations/translation-fields';

export const nl = { subject: 'Bestelling', text: 'Bedankt', html: '<p>Bedankt</p>' };

export const base: NotificationFormValues = {
  name: 'Order',
  description: '',
  subject: 'Order',
  text: 'Thanks',
  html: '<p>Thanks</p>',
  html_enabled: true,
  layout: null,
  translations: { nl },
};
