// What the notifications wing offers the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072).
export { relocalize } from './store/locale-change';
export {
  type NotificationRecord,
  contentOf,
  findNotification,
  listNotifications,
  toNotification,
  updateNotification,
} from './store/notifications';
export { insertNotification, newNotificationId } from './store/notifications';
export type { Mailer, OutgoingMail } from './mail/mailer';
export { TemplateRenderer } from './mail/template-renderer';
