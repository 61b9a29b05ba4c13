// /account/tokens (issue 29): the signed-in user's personal access tokens. Lists them, marks the
// one this session uses, makes one (its secret shown once) and revokes one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { keySite } from '../../api/key-site';
import { meQueryOptions } from '../../api/me';
import {
  revokeToken,
  tokenKeys,
  tokensQueryOptions,
  type CreatedTokenWire,
  type TokenWire,
} from '../../api/tokens';
import { useSession } from '../../session/session';
import { DataTable } from '../../components/data-table';
import { Timestamp } from '../../components/timestamp';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormAlert } from '../../components/ui/form-alert';
import { OptionalResourcePage } from '../../components/ui/optional-resource-page';
import { tdClasses, trClasses } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { CreateTokenForm } from './create-token-form';
import { CreatedToken } from './created-token';

const TOKEN_COLUMNS = [
  { header: 'Name' },
  { header: 'Token' },
  { header: 'Created' },
  { header: 'Last used' },
  { header: 'Expires' },
  { header: <span className="sr-only">Actions</span>, key: 'actions' },
];

export function TokensPage() {
  const tokens = useQuery(tokensQueryOptions());
  const [created, setCreated] = useState<CreatedTokenWire | null>(null);
  const queryClient = useQueryClient();
  function onCreated(token: CreatedTokenWire) {
    setCreated(token);
    void queryClient.invalidateQueries({ queryKey: tokenKeys.all(keySite()) });
  }
  const header = (
    <PageHeader
      title="Personal access tokens"
      description="Tokens that act as you, for scripts and the API. Revoke one you no longer use."
    />
  );
  return (
    <OptionalResourcePage
      header={header}
      query={tokens}
      loading={{ label: 'Loading your tokens', rows: 3 }}
      errorTitle="Could not load your tokens"
      absent={{
        title: 'This server has no token management',
        description: 'Ask its operator for a token.',
      }}
    >
      {(loaded) => (
        <>
          {created ? (
            <CreatedToken token={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateTokenForm onCreated={onCreated} />
          )}
          <TokensTable tokens={loaded} />
        </>
      )}
    </OptionalResourcePage>
  );
}

function TokensTable({ tokens }: { tokens: TokenWire[] }) {
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const sessionTokenId = useQuery(meQueryOptions()).data?.token_id;
  const [revoking, setRevoking] = useState<TokenWire | null>(null);
  const revoke = useMutation({
    mutationFn: (token: TokenWire) => revokeToken(token.id),
    onSuccess: async (_, token) => {
      setRevoking(null);
      if (token.id === sessionTokenId) {
        await signOut();
        return;
      }
      toast.success(`Revoked “${token.name}”`);
      await queryClient.invalidateQueries({ queryKey: tokenKeys.all(keySite()) });
    },
  });
  const own = revoking !== null && revoking.id === sessionTokenId;

  return (
    <div className="space-y-3">
      <FormAlert
        message={
          revoke.error
            ? isApiError(revoke.error)
              ? revoke.error.message
              : 'The token was not revoked'
            : null
        }
      />
      {tokens.length === 0 ? (
        <EmptyState title="No tokens" description="Create one above." />
      ) : (
        <DataTable columns={TOKEN_COLUMNS}>
          {tokens.map((token) => (
            <tr key={token.id} className={trClasses}>
              <td className={tdClasses}>
                <span className="font-medium">{token.name}</span>
                {token.id === sessionTokenId && <Badge className="ml-2">This session</Badge>}
              </td>
              <td className={`${tdClasses} font-mono text-xs`}>
                {token.prefix ? `${token.prefix}…` : '—'}
              </td>
              <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                <Timestamp value={token.created_at} missing="—" />
              </td>
              <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                <Timestamp value={token.last_used_at} />
              </td>
              <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                <Timestamp value={token.expires_at} />
              </td>
              <td className={`${tdClasses} text-right`}>
                <Button
                  size="sm"
                  variant="danger-subtle"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setRevoking(token)}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.name}”?` : 'Revoke token?'}
        description={
          own
            ? 'This is the token of this session: revoking it signs you out here. Scripts using it stop working too.'
            : 'Scripts using it stop working within a second. This cannot be undone.'
        }
        confirmLabel="Revoke"
        tone="danger"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
