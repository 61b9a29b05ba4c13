// Entry point of this route chunk; the feature's issue replaces this page.
export function ConsentPage() {
  return <h1 className="text-xl font-semibold">Consent</h1>;
}
