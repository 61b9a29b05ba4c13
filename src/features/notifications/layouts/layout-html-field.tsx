// A layout's html in its editor (issue 38): the notification editor's own HTML field (Code and
// Visual over one document, editor/html-field.tsx), with the layout's `{{ content }}` drawn as a
// placeholder block that no visual edit can delete (visual/view/content-placeholder.ts).
import { useCallback, useMemo, useRef, useState } from 'react';
import { HtmlField, type Mode } from '../editor/html-field';
import type { CodeEditorHandle } from '../editor/code-editor';
import { offeredVariables } from '../editor/template-variables';
import type { DocumentPort } from '../visual/view/canvas-port';
import { drawContentPlaceholder, keepContentPort } from '../visual/view/content-placeholder';

const NONE: ReadonlySet<string> = new Set();

export interface LayoutHtmlFieldProps {
  defaultValue: string;
  onChange: (value: string) => void;
  /** The sample the canvas draws the layout's variables with. */
  sampleData: Record<string, unknown>;
}

export function LayoutHtmlField({ defaultValue, onChange, sampleData }: LayoutHtmlFieldProps) {
  const [mode, setMode] = useState<Mode>('code');
  const [refused, setRefused] = useState(false);
  const handle = useRef<CodeEditorHandle | null>(null);
  const variables = useMemo(() => offeredVariables(sampleData), [sampleData]);
  const canvasPort = useCallback(
    (document: DocumentPort) => keepContentPort(document, () => setRefused(true)),
    [],
  );
  return (
    <div className="flex flex-col gap-1">
      <HtmlField
        defaultValue={defaultValue}
        onChange={(value) => {
          setRefused(false);
          onChange(value);
        }}
        diagnostics={[]}
        sampleData={sampleData}
        unknownPaths={NONE}
        variables={variables}
        onFocus={() => undefined}
        mode={mode}
        onModeChange={setMode}
        handleRef={handle}
        canvasPort={canvasPort}
        canvasDecorate={drawContentPlaceholder}
      />
      <p role="status" className="text-muted text-xs">
        {refused
          ? '{{ content }} stays: it is where each e-mail goes (a layout has exactly one).'
          : ''}
      </p>
    </div>
  );
}
