// What the notifications wing routes offer the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072). The store-level entrance is ../index.ts.
export { recordNotificationRevision } from './notification-revision';
export { renderStoredNotification, type RenderedMail } from './render-stored';
