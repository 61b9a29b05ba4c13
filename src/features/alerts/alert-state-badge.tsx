import type { AlertStatus } from '../../../contract/schemas/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { STATE_WORDS, stateOf } from './rule-words';

const TONES = { ok: 'success', firing: 'danger', no_data: 'warning', none: 'neutral' } as const;

/** OK / Firing / No data, or "Not evaluated" where the server sends no status. */
export function AlertStateBadge({ status }: { status: AlertStatus | undefined }) {
  const state = stateOf(status);
  const tone: BadgeTone = TONES[state];
  return <Badge tone={tone}>{STATE_WORDS[state]}</Badge>;
}
