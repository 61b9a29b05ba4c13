// /settings/members (issue 29): the site's members. Admins change a role or remove a member;
// the last admin's controls are disabled with the reason; other roles see the list read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changeMemberRole,
  memberKeys,
  membersQueryOptions,
  removeMember,
  type MemberWire,
} from '../../api/members';
import { isApiError } from '../../api/client';
import { keySite } from '../../api/key-site';
import { ROLES, type Role } from '../../../contract/schemas/role';
import { sitesQueryOptions } from '../../api/sites';
import { DataTable } from '../../components/data-table';
import { Timestamp } from '../../components/timestamp';
import { ReadOnlyFields, useReadOnlyReason } from '../../components/resource-editor/read-only';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { OptionalResourcePage } from '../../components/ui/optional-resource-page';
import { Select } from '../../components/ui/select';
import { tdClasses, trClasses } from '../../components/ui/table';
import { toast } from '../../components/ui/toast';

export const LAST_ADMIN_REASON =
  'The last admin cannot be demoted or removed: make another member admin first.';

/** A failed change in words: the server's 403/409 say why. */
function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return `Only admins can change members: ${error.message}`;
    if (error.status === 409) return `${error.message}. ${LAST_ADMIN_REASON}`;
    return error.message;
  }
  return error instanceof Error ? error.message : 'The change failed';
}

const MEMBER_COLUMNS = [{ header: 'Member' }, { header: 'Role' }, { header: 'Since' }];
const ACTIONS_COLUMN = { header: <span className="sr-only">Actions</span>, key: 'actions' };

function displayName(member: MemberWire): string {
  return member.name || member.email || `User ${String(member.user_id)}`;
}

export function MembersPage() {
  const members = useQuery(membersQueryOptions());
  const header = (
    <PageHeader title="Members" description="Who can see and change this site, and their role." />
  );
  return (
    <OptionalResourcePage
      header={header}
      query={members}
      loading={{ label: 'Loading the members', rows: 4 }}
      errorTitle="Could not load the members"
      absent={{
        title: 'This server has no members',
        description: 'It does not keep roles; every token can change everything.',
      }}
    >
      {(loaded) => <MembersTable members={loaded} />}
    </OptionalResourcePage>
  );
}

function MembersTable({ members }: { members: MemberWire[] }) {
  const queryClient = useQueryClient();
  const readOnly = useReadOnlyReason('member');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MemberWire | null>(null);
  const site = keySite();
  const admins = members.filter((member) => member.role === 'admin').length;

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: memberKeys.all(site) });
    // The account menu shows the own role: it may have changed.
    await queryClient.invalidateQueries({ queryKey: sitesQueryOptions().queryKey });
  }

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: MemberWire; role: Role }) =>
      changeMemberRole(member.user_id, role),
    onMutate: () => setError(null),
    onSuccess: (saved) => toast.success(`${displayName(saved)} is now ${saved.role}`),
    onError: (failure) => setError(failureMessage(failure)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (member: MemberWire) => removeMember(member.user_id),
    onMutate: () => setError(null),
    onSuccess: (_, member) => {
      setRemoving(null);
      toast.success(`${displayName(member)} was removed`);
    },
    onError: (failure) => {
      setRemoving(null);
      setError(failureMessage(failure));
    },
    onSettled: refresh,
  });

  return (
    <ReadOnlyFields reason={readOnly} inCard={false}>
      <div className="mt-4 space-y-3">
        <FormAlert message={error} />
        <DataTable columns={readOnly ? MEMBER_COLUMNS : [...MEMBER_COLUMNS, ACTIONS_COLUMN]}>
          {members.map((member) => {
            const lastAdmin = member.role === 'admin' && admins === 1;
            const name = displayName(member);
            return (
              <tr key={member.user_id} className={trClasses}>
                <td className={tdClasses}>
                  <div className="font-medium">{name}</div>
                  {member.name && <div className="text-muted text-xs">{member.email}</div>}
                </td>
                <td className={tdClasses}>
                  {readOnly ? (
                    member.role
                  ) : (
                    <div className="w-32">
                      <Select
                        aria-label={`Role of ${name}`}
                        value={member.role}
                        disabled={lastAdmin || changeRole.isPending}
                        aria-describedby={lastAdmin ? 'last-admin-reason' : undefined}
                        onChange={(event) =>
                          changeRole.mutate({ member, role: event.target.value as Role })
                        }
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </Select>
                    </div>
                  )}
                </td>
                <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                  <Timestamp value={member.created_at} missing="—" />
                </td>
                {!readOnly && (
                  <td className={`${tdClasses} text-right`}>
                    <Button
                      size="sm"
                      variant="danger-subtle"
                      disabled={lastAdmin}
                      aria-label={`Remove ${name}`}
                      aria-describedby={lastAdmin ? 'last-admin-reason' : undefined}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </DataTable>
        {!readOnly && admins === 1 && (
          <p id="last-admin-reason" className="text-muted text-sm">
            {LAST_ADMIN_REASON}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${displayName(removing)}?` : 'Remove member?'}
        description={
          removing
            ? `${displayName(removing)} will no longer see or change this site. Their tokens stop working here.`
            : undefined
        }
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </ReadOnlyFields>
  );
}
