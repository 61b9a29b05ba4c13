// "Simulate" (issue 41): the rule as the form has it, over the last 24 hours, before it is
// saved — each window's count as a bar, the threshold as a line, where it would have fired.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AlertSimulation } from '../../../contract/schemas/alert';
import { simulateAlert } from '../../api/alerts';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/form-alert';
import { applyServerErrors } from '../../lib/form-errors';
import { formatLogTime } from '../../lib/log-time-format';
import { simulationMarks, simulationVolume } from './alert-chart-data';
import { ALERT_ERROR_FIELDS, ruleOfValues, type AlertFormValues } from './alert-form-values';

// uPlot loads with the chart, not with the editor.
const VolumeChart = lazy(() => import('../../components/volume-chart/volume-chart'));
const CHART_CLASS = 'h-28 sm:h-32';

function firedWords(simulation: AlertSimulation): string {
  const times = simulation.fired.length;
  if (times === 0) return 'In the last 24 hours it would not have fired.';
  return `In the last 24 hours it would have fired ${times === 1 ? 'once' : `${String(times)} times`}.`;
}

export function AlertSimulationPanel({ form }: { form: UseFormReturn<AlertFormValues> }) {
  // A failure no field shows (the network, a 5xx, a 400 `too_slow`) is said above the chart.
  const [failure, setFailure] = useState<string | null>(null);
  const simulate = useMutation({
    mutationFn: (values: AlertFormValues) => simulateAlert(ruleOfValues(values)),
    onMutate: () => setFailure(null),
    onError: (error) => {
      const applied = applyServerErrors(error, form.setError, ALERT_ERROR_FIELDS);
      setFailure(applied.formMessage ?? null);
    },
  });
  const run = form.handleSubmit((values) => simulate.mutate(values));
  const rule = simulate.variables ? ruleOfValues(simulate.variables) : undefined;
  const data = simulate.data;
  return (
    <Card>
      <CardHeader
        title="Simulate"
        description="What this rule would have done over the last 24 hours, before you save it."
        actions={
          <Button variant="secondary" onClick={() => void run()} disabled={simulate.isPending}>
            {simulate.isPending ? 'Simulating…' : 'Simulate'}
          </Button>
        }
      />
      {(data || failure) && (
        <CardBody className="space-y-3">
          <FormAlert message={failure} />
          {data && rule && (
            <>
              <Suspense
                fallback={<div className={`${CHART_CLASS} bg-subtle animate-pulse rounded-lg`} />}
              >
                <VolumeChart
                  volume={simulationVolume(data, rule)}
                  className={CHART_CLASS}
                  caption="Matching entries per window · dashed: the threshold"
                  label="Simulation chart"
                  summary={`${String(data.windows.length)} windows`}
                  describeBucket={(bucket) =>
                    `${String(Object.values(bucket.counts).reduce((a, b) => a + b, 0))} in the window`
                  }
                  overlay={{ threshold: rule.condition.threshold, marks: simulationMarks(data) }}
                />
              </Suspense>
              <p className="text-sm" role="status">
                {firedWords(data)}
              </p>
              {data.fired.length > 0 && (
                <ul aria-label="Would have fired" className="text-muted font-mono text-xs">
                  {data.fired.slice(-10).map((at) => (
                    <li key={at}>{formatLogTime(at, false).slice(0, 16)}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </CardBody>
      )}
    </Card>
  );
}
