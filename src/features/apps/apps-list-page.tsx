// Entry point of this route chunk; the feature's issue replaces this page.
export function AppsListPage() {
  return <h1 className="text-xl font-semibold">Apps</h1>;
}
