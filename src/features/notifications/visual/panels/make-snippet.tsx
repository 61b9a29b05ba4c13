// "Make a snippet from this block" (issue 38), loaded on demand from the block panel: asks a name,
// creates the snippet with the block's markup through the service (/snippets), then puts
// `{% render 'name' %}` in the block's place as ONE change of the one document (one undo step).
// Undo brings the block back; the snippet stays (it is the service's now), and the message says
// so. A taken or refused name lands on the name field; nothing in the template changes then.
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useContext, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { z } from 'zod';
import { apiClient, isApiError } from '../../../../api/client';
import { keySite } from '../../../../api/key-site';
import { layoutKeys, saveSnippet, snippetsQueryOptions } from '../../../../api/layouts';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Input } from '../../../../components/ui/input';
import { EditorReadOnlyContext } from '../../editor/read-only-context';
import type { BlockSelection, SelectedBlock } from '../edits/block-selection';
import { replaceWithSnippet, snippetBody } from '../edits/make-snippet';
import { renderTag } from '../model/snippet-tag';

export interface MakeSnippetProps {
  selection: BlockSelection;
  selected: SelectedBlock | null;
}

/** Whether a snippet of this name exists; a name the service refuses throws its 422. */
async function snippetExists(name: string): Promise<boolean> {
  return apiClient
    .request({ path: `/snippets/${encodeURIComponent(name)}`, schema: z.unknown() })
    .then(
      () => true,
      (error: unknown) => {
        if (isApiError(error) && error.status === 404) return false;
        throw error;
      },
    );
}

export default function MakeSnippet({ selection, selected }: MakeSnippetProps) {
  const readOnly = useContext(EditorReadOnlyContext);
  // null on a server without /snippets: nothing is offered there.
  const snippets = useQuery(snippetsQueryOptions()).data;
  const [making, setMaking] = useState<SelectedBlock | null>(null);
  const [made, setMade] = useState<string | null>(null);
  if (readOnly || !snippets) return null;
  return (
    <>
      {selected && selected.block.kind !== 'snippet' && (
        <Button
          size="sm"
          onClick={() => {
            setMade(null);
            setMaking(selected);
          }}
        >
          Make a snippet from this block
        </Button>
      )}
      <p role="status" className="text-muted text-xs empty:hidden">
        {made &&
          `Snippet ${made} created: the block is now ${renderTag(made)}. Undo brings the block back; the snippet stays (delete it in Layouts and snippets).`}
      </p>
      {making &&
        // Out of the editor's <form> in the document too: a form may not hold another.
        createPortal(
          <MakeSnippetDialog
            block={making}
            onClose={() => setMaking(null)}
            onCreated={(name) => {
              setMaking(null);
              setMade(name);
              selection.applyEdit(replaceWithSnippet(making.place, name));
            }}
            unchanged={() => selection.currentTree().source === making.tree.source}
          />,
          document.body,
        )}
    </>
  );
}

function MakeSnippetDialog({
  block,
  onClose,
  onCreated,
  unchanged,
}: {
  block: SelectedBlock;
  onClose: () => void;
  onCreated: (name: string) => void;
  /** Whether the template is still as it was when the block was chosen. */
  unchanged: () => boolean;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    setError(undefined);
    setMessage(null);
    try {
      // A PUT also changes an existing snippet: look first, so this never overwrites one.
      if (await snippetExists(name)) {
        setError(`There is already a snippet ${name}`);
        return;
      }
      if (!unchanged()) {
        setMessage('The template changed since the block was chosen: choose the block again.');
        return;
      }
      await saveSnippet(name, { body: snippetBody(block.tree.source, block.place) }, null);
      await queryClient.invalidateQueries({ queryKey: layoutKeys.snippets(keySite()) });
      onCreated(name);
    } catch (caught) {
      if (isApiError(caught) && caught.fieldErrors.length > 0) {
        // The path's name and the body's problems (a circle of snippets) are the name's to fix.
        setError(caught.fieldErrors.map((detail) => detail.message).join(' '));
      } else setMessage(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Make a snippet from this block"
      description="The block's markup becomes a snippet every template and layout can render; the block is replaced by the snippet's tag."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || name === ''}>
            Make snippet
          </Button>
        </>
      }
    >
      {message && <FormAlert message={message} />}
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
        className="flex flex-col gap-3"
      >
        <Field
          label="Snippet name"
          hint="Lower-case letters, digits, - and _. The snippet sees the sample's data, not this template's assign or loop variables."
          error={error}
        >
          {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
      </form>
    </Dialog>
  );
}
