// Entry point of this route chunk; the feature's issue replaces this page.
export function NotificationEditorPage() {
  return <h1 className="text-xl font-semibold">Notification</h1>;
}
