// The code view on demand (decision 083): CodeMirror's view (and the code editor around it) is
// fetched when a code view is first shown, not with the editor page, which opens on the Visual
// canvas or Preview without it. Until it is here, the place says it is loading.
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code-editor';

const CodeEditor = lazy(() =>
  import('./code-editor').then((module) => ({ default: module.CodeEditor })),
);

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <p
          role="status"
          className="text-muted border-border rounded-md border p-3 text-sm"
          style={{ minHeight: props.minHeight ?? '12rem' }}
        >
          Loading the code editor…
        </p>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
