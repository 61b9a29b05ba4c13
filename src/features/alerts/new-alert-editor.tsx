// A new alert (issue 41): blank, or filled from a log view ("Alert on this view"). Unsaved work
// is a draft in the browser, kept for the same starting point; a save (POST /alerts) opens the
// saved alert, and a 422 lands on its field.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { alertKeys, createAlert, storeSavedAlert } from '../../api/alerts';
import { keySite } from '../../api/key-site';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/form-errors';
import { clearAlertDraft, loadAlertDraft } from './alert-draft';
import { AlertFormLayout } from './alert-form-layout';
import {
  ALERT_ERROR_FIELDS,
  alertResolver,
  ruleOfValues,
  type AlertFormValues,
} from './alert-form-values';
import { valuesOfPrefill, type AlertPrefill } from './alert-prefill';
import { useAlertDraft } from './use-alert-draft';

const NEW = 'new';

export function NewAlertEditor({ prefill }: { prefill: AlertPrefill }) {
  const site = keySite();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const basis = JSON.stringify(prefill);
  const [start] = useState(() => valuesOfPrefill(prefill));
  // A draft made from the same starting point (a reload, a visit elsewhere) comes back.
  const [draft] = useState(() => {
    const kept = loadAlertDraft(site, NEW);
    return kept?.basis === basis ? kept.values : null;
  });
  const form = useForm<AlertFormValues>({
    defaultValues: draft ?? start,
    resolver: alertResolver,
    mode: 'onBlur',
  });
  const values = useWatch({ control: form.control }) as AlertFormValues;
  const dirty = JSON.stringify(ruleOfValues(values)) !== JSON.stringify(ruleOfValues(start));
  const [saved, setSaved] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useAlertDraft({ site, alert: NEW, basis, values, dirty, off: saved });

  const save = form.handleSubmit(async (parsed) => {
    setFormMessage(null);
    setSaving(true);
    try {
      const created = await createAlert(ruleOfValues(parsed));
      setSaved(true);
      clearAlertDraft(site, NEW);
      storeSavedAlert(queryClient, created, site);
      void queryClient.invalidateQueries({ queryKey: alertKeys.list(site) });
      toast.success(`Alert “${created.data.name}” created`);
      await navigate({
        to: '/alerts/$id',
        params: { id: String(created.data.id) },
        replace: true,
      });
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, ALERT_ERROR_FIELDS);
      setFormMessage(
        applied.formMessage
          ? `Nothing was saved; your edits are kept. ${applied.formMessage}`
          : null,
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <AlertFormLayout
      form={form}
      readOnly={null}
      formMessage={formMessage}
      onSubmit={() => void save()}
      footer={
        <>
          {draft && (
            <span className="text-muted mr-auto text-xs" role="status">
              Your unsaved alert was restored.
            </span>
          )}
          <Button
            onClick={() => {
              form.reset(start);
              setFormMessage(null);
            }}
            disabled={!dirty || saving}
          >
            Discard
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            Create alert
          </Button>
        </>
      }
    />
  );
}
