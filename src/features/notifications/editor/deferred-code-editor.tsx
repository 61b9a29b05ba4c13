// A code view mounted when its place is first shown (decision 090): the text version's tab and
// the sample data's section are hidden at the editor's first open, and mounting their code views
// there fetched CodeMirror's view with the page although nobody looked at them. The document's
// owner (template-document.ts, decision 083) is made at once, so what comes from outside the
// typing before the view is here (a restored draft, a revert, generated text, a variable from
// the panel) goes into the one document and the form hears of it; the view, once shown, draws
// the owner's state and stays mounted (hidden again with its place) with its cursor and history.
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CodeEditorHandle, CodeEditorProps } from './code-editor';
import { LazyCodeEditor } from './lazy-code-editor';
import { createTemplateDocument, documentPort } from './template-document';

export interface DeferredCodeEditorProps extends Omit<CodeEditorProps, 'document' | 'handleRef'> {
  /** Whether the editor's place is shown now; the view mounts the first time it is. */
  shown: boolean;
  handleRef?: Ref<CodeEditorHandle>;
}

export function DeferredCodeEditor({
  shown,
  handleRef,
  defaultValue = '',
  onChange,
  ...props
}: DeferredCodeEditorProps) {
  const [document] = useState(() => createTemplateDocument(defaultValue));
  const [mounted, setMounted] = useState(shown);
  if (shown && !mounted) setMounted(true);
  const view = useRef<CodeEditorHandle | null>(null);
  // Where the cursor goes once the view is here (a jump to an error, a check's finding).
  const pendingFocus = useRef<number | null>(null);

  // The host follows the owner, whoever changed the text (the view or a command).
  const tell = useRef(onChange);
  useEffect(() => {
    tell.current = onChange;
  });
  useEffect(() => documentPort(document).subscribe((text) => tell.current?.(text)), [document]);

  useImperativeHandle(
    handleRef,
    () => ({
      ...documentPort(document),
      replaceDocument: document.replaceDocument,
      insert: (text) => {
        if (view.current) view.current.insert(text);
        else document.insert(text);
      },
      focusAt: (offset) => {
        if (view.current) view.current.focusAt(offset);
        else pendingFocus.current = offset;
      },
    }),
    [document],
  );
  const setView = useCallback((handle: CodeEditorHandle | null) => {
    view.current = handle;
    if (handle && pendingFocus.current !== null) {
      handle.focusAt(pendingFocus.current);
      pendingFocus.current = null;
    }
  }, []);

  return mounted ? <LazyCodeEditor {...props} document={document} handleRef={setView} /> : null;
}
