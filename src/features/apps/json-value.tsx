// Free-form JSON (route constraints, schedule data) shown compactly; empty or missing says "none".
export function JsonValue({ value }: { value: Record<string, unknown> | null }) {
  if (value === null || Object.keys(value).length === 0)
    return <span className="text-muted text-xs">none</span>;
  return (
    <pre className="bg-subtle max-w-md overflow-x-auto rounded px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
