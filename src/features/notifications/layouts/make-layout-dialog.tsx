// "Make a layout from this template" (issue 38): the admin names the layout and chooses the block
// of the template's html that becomes its `{{ content }}`; both results and the check that the
// e-mail renders byte-identical (with the sample data, in every language) are shown before
// anything is written. Create makes the layout (PUT, after a look that the slug is free, as "New
// layout" does) and puts the layout and the reduced html into the editor's form as unsaved edits:
// the template itself is saved through the editor's review. Loaded on demand from the select.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useController, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { apiClient, isApiError } from '../../../api/client';
import { keySite } from '../../../api/key-site';
import {
  layoutKeys,
  layoutsQueryOptions,
  saveLayout,
  snippetsQueryOptions,
} from '../../../api/layouts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useSampleData } from '../editor/use-sample-data';
import type { NotificationFormValues } from '../translations/translation-fields';
import { changedOutputs, contentBlocks, slugFor, splitTemplate } from './layout-split';

export interface MakeLayoutDialogProps {
  control: Control<NotificationFormValues>;
  /** The template's slug, for its sample data. */
  slug: string;
  /** Sets the form's `layout` (the select's own field). */
  onLayout: (slug: string) => void;
  onClose: () => void;
}

type FieldName = 'name' | 'slug' | 'block';

export default function MakeLayoutDialog({
  control,
  slug,
  onLayout,
  onClose,
}: MakeLayoutDialogProps) {
  const queryClient = useQueryClient();
  const html = useController({ control, name: 'html' }).field;
  const translations = useController({ control, name: 'translations' }).field;
  const values = useWatch({ control, name: ['html', 'translations'] });
  const [source, translated] = values;
  const layouts = useQuery(layoutsQueryOptions()).data ?? [];
  const snippets = useQuery(snippetsQueryOptions()).data;
  const data = useSampleData(slug).data;

  const [name, setName] = useState('');
  const [layoutSlug, setLayoutSlug] = useState<string | null>(null);
  const [blockId, setBlockId] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slugValue = layoutSlug ?? slugFor(name);

  const blocks = useMemo(() => contentBlocks(source), [source]);
  const block = blocks.find((candidate) => candidate.id === blockId);
  const translatedHtml = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(translated).flatMap(([locale, fields]) =>
          fields.html ? [[locale, fields.html]] : [],
        ),
      ),
    [translated],
  );
  const split = useMemo(
    () => (block ? splitTemplate(source, translatedHtml, block) : null),
    [block, source, translatedHtml],
  );
  const changed = useMemo(() => {
    if (!split || split.unsplittable.length > 0) return [];
    const bodies = (locale: string | null) =>
      Object.fromEntries(
        (snippets ?? []).map((snippet) => [
          snippet.name,
          (locale === null ? undefined : snippet.translations[locale]?.body) ?? snippet.body,
        ]),
      );
    return changedOutputs({ html: source, translations: translatedHtml }, split, data, bodies);
  }, [split, source, translatedHtml, data, snippets]);
  const ready = split !== null && split.unsplittable.length === 0 && changed.length === 0 && !busy;

  const create = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!split) return;
    setErrors({});
    setMessage(null);
    const sameName = layouts.find((layout) => layout.name.trim() === name.trim());
    if (sameName) {
      setErrors({ name: `There is already a layout named ${sameName.name}` });
      return;
    }
    setBusy(true);
    try {
      // PUT also changes an existing layout: look first, so this never overwrites one.
      const path = `/layouts/${encodeURIComponent(slugValue)}`;
      const exists = await apiClient.request({ path, schema: z.unknown() }).then(
        () => true,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return false;
          throw error;
        },
      );
      if (exists) {
        setErrors({ slug: `There is already a layout ${slugValue}` });
        return;
      }
      await saveLayout(
        slugValue,
        {
          name,
          html: split.layoutHtml,
          text: '{{ content }}',
          translations: Object.fromEntries(
            Object.entries(split.layoutTranslations).map(([locale, own]) => [
              locale,
              { html: own.html, text: '{{ content }}' },
            ]),
          ),
        },
        null,
      );
      await queryClient.invalidateQueries({ queryKey: layoutKeys.layouts(keySite()) });
      html.onChange(split.html);
      const next = { ...translated };
      for (const [locale, own] of Object.entries(split.translations)) {
        const fields = next[locale];
        if (fields) next[locale] = { ...fields, html: own.html };
      }
      translations.onChange(next);
      onLayout(slugValue);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const detail of error.fieldErrors) {
          const field: FieldName =
            detail.field === 'name' ? 'name' : detail.field === 'slug' ? 'slug' : 'block';
          next[field] = detail.message;
        }
        setErrors(next);
      } else setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const formId = 'make-layout';
  // Out of the editor's <form> in the document too: a form may not hold another.
  return createPortal(
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title="Make a layout from this template"
      description="The block you choose stays in this template; everything around it becomes the layout. Nothing is written until you create it, and the template is saved through the review."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            form={formId}
            disabled={!ready || name.trim() === ''}
          >
            Create layout
          </Button>
        </>
      }
    >
      {message && <FormAlert message={message} />}
      <form id={formId} onSubmit={(event) => void create(event)} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Layout name" error={errors.name}>
            {(props) => (
              <Input {...props} value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </Field>
          <Field label="Slug" hint="Lower-case letters, digits, - and _" error={errors.slug}>
            {(props) => (
              <Input
                {...props}
                value={slugValue}
                onChange={(event) => setLayoutSlug(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field
          label="Content block"
          hint="What stays in this template; the layout's {{ content }} takes its place."
          error={errors.block}
        >
          {(props) => (
            <Select {...props} value={blockId} onChange={(event) => setBlockId(event.target.value)}>
              <option value="">Choose a block…</option>
              {blocks.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {`${'\u00a0\u00a0'.repeat(candidate.depth)}${candidate.label}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {split && (
          <>
            <SplitCheck unsplittable={split.unsplittable} changed={changed} />
            <div className="grid min-w-0 gap-3 lg:grid-cols-2">
              <SourceView title="The new layout" source={split.layoutHtml} />
              <SourceView title="What stays in this template" source={split.html} />
            </div>
          </>
        )}
      </form>
    </Dialog>,
    document.body,
  );
}

function SplitCheck({
  unsplittable,
  changed,
}: {
  unsplittable: string[];
  changed: Array<string | null>;
}) {
  const problem =
    unsplittable.length > 0
      ? `The ${unsplittable.join(', ')} translation has no such block: choose one every language has.`
      : changed.length > 0
        ? `With the sample data, the e-mail would change (${changed
            .map((locale) => locale ?? 'default language')
            .join(', ')}): choose another block.`
        : null;
  return (
    <p
      role="status"
      className={
        problem
          ? 'border-warning bg-warning-soft text-fg rounded-md border px-3 py-2 text-sm'
          : 'border-border bg-subtle text-fg rounded-md border px-3 py-2 text-sm'
      }
    >
      {problem ??
        'Checked: rendered with the sample data, every language is byte-identical to before.'}
    </p>
  );
}

function SourceView({ title, source }: { title: string; source: string }) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="text-fg mb-1 text-sm font-medium">{title}</h3>
      <pre
        tabIndex={0}
        className="border-border bg-subtle text-fg max-h-64 overflow-auto rounded-md border p-2 font-mono text-xs break-all whitespace-pre-wrap"
      >
        {source}
      </pre>
    </section>
  );
}
