// Entry point of this route chunk; the feature's issue replaces this page.
export function AppPage() {
  return <h1 className="text-xl font-semibold">App</h1>;
}
