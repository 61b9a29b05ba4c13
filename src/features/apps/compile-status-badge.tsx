// An app's compile state in a word, for the apps list and the compile status card. A module of
// its own: the apps list (in the sign-in + apps budget) needs the badge, not the card.
import type { App } from '../../../contract/wire/app';
import { Badge } from '../../components/ui/badge';

export function CompileStatusBadge({ app }: { app: App }) {
  if (!app.compiled_at) return <Badge>Not compiled</Badge>;
  if (app.compile_errors.length > 0) {
    const count = app.compile_errors.length;
    return (
      <Badge tone="danger">
        Compile failed · {count} {count === 1 ? 'error' : 'errors'}
      </Badge>
    );
  }
  return <Badge tone="success">Compiled</Badge>;
}
