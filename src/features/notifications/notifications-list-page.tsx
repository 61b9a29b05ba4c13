// Entry point of this route chunk; the feature's issue replaces this page.
export function NotificationsListPage() {
  return <h1 className="text-xl font-semibold">Notifications</h1>;
}
