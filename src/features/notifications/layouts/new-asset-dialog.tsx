// "New layout" and "New snippet" (issue 38): a slug (and a layout's name) creates it with a PUT
// (a layout starts as just `{{ content }}`, a snippet empty), then its editor opens. The server's
// 422 (a slug it refuses) lands on the field.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, isApiError } from '../../../api/client';
import { z } from 'zod';
import { keySite } from '../../../api/key-site';
import { layoutKeys, saveLayout, saveSnippet, type AssetRef } from '../../../api/layouts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';

export function NewAssetDialog({
  kind,
  onClose,
  onCreated,
}: {
  kind: AssetRef['kind'];
  onClose: () => void;
  onCreated: (ref: AssetRef) => void;
}) {
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      // PUT also changes an existing one: look first, so "New" never overwrites (a race between
      // two members creating the same slug at once is left to the later PUT).
      const path = `/${kind === 'layout' ? 'layouts' : 'snippets'}/${encodeURIComponent(slug)}`;
      const exists = await apiClient.request({ path, schema: z.unknown() }).then(
        () => true,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return false;
          throw error;
        },
      );
      if (exists) {
        setErrors({ slug: `There is already a ${kind} ${slug}` });
        return;
      }
      if (kind === 'layout') {
        await saveLayout(slug, { name, html: '{{ content }}', text: '{{ content }}' }, null);
      } else {
        await saveSnippet(slug, { body: '' }, null);
      }
      const site = keySite();
      await queryClient.invalidateQueries({
        queryKey: kind === 'layout' ? layoutKeys.layouts(site) : layoutKeys.snippets(site),
      });
      onCreated(kind === 'layout' ? { kind, slug } : { kind, name: slug });
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const next: Record<string, string> = {};
        for (const detail of error.fieldErrors) {
          next[detail.field === 'name' && kind === 'layout' ? 'name' : 'slug'] = detail.message;
        }
        setErrors(next);
      } else setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const formId = `new-${kind}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={kind === 'layout' ? 'New layout' : 'New snippet'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || slug === ''}>
            Create
          </Button>
        </>
      }
    >
      {message && <FormAlert message={message} />}
      <form id={formId} onSubmit={(event) => void create(event)} className="flex flex-col gap-3">
        <Field
          label={kind === 'layout' ? 'Slug' : 'Name'}
          hint="Lower-case letters, digits, - and _"
          error={errors.slug}
        >
          {(props) => <Input {...props} value={slug} onChange={(e) => setSlug(e.target.value)} />}
        </Field>
        {kind === 'layout' && (
          <Field label="Display name" error={errors.name}>
            {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
        )}
      </form>
    </Dialog>
  );
}
