// Entry point of this route chunk; the feature's issue replaces this page.
export function LogsPage() {
  return <h1 className="text-xl font-semibold">Logs</h1>;
}
