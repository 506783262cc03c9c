import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS, type StaffUser } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { Button, HStack, notifySuccess } from '@admin/shared/ui';
import {
  Can,
  ConfirmDialog,
  FilterSelect,
  FormDialog,
  RequirePermission,
  ResourcePage,
  StatusChip,
  formatDateTime,
  useResourceList,
  type ResourcePermissions,
} from '@admin/shared/ui-kit';
import { USERS_PAGE } from '../shell/menu';
import { createUser, resetPassword, updateUser, users } from './api';
import { TemporaryPasswordDialog, type IssuedPassword } from './temporary-password-dialog';
import { CREATE_FIELDS, EDIT_FIELDS, ROLE_OPTIONS, UserFormSchema, emptyUser, userValues, type UserFormOutput, type UserFormValues } from './user-form';

type Step = 'deactivate' | 'reactivate' | 'reset';

/** Each row step's question; all three change who can sign in, so each is asked first. */
const STEPS: Record<Step, { title: string; confirmLabel: string; question: (name: string) => string; colorPalette?: string }> = {
  deactivate: {
    title: 'Deactivate user',
    confirmLabel: 'Deactivate',
    question: (name) => `${name} will be signed out and will not be able to sign in until reactivated. Continue?`,
    colorPalette: 'red',
  },
  reactivate: {
    title: 'Reactivate user',
    confirmLabel: 'Reactivate',
    question: (name) => `${name} will be able to sign in again. Continue?`,
  },
  reset: {
    title: 'Reset password',
    confirmLabel: 'Reset password',
    question: (name) => `${name}'s password will be replaced by a temporary one, and they will be signed out. Continue?`,
  },
};

const MANAGE: Partial<ResourcePermissions> = { create: 'users.manage', update: 'users.manage' };

const refresh = () => queryClient.invalidateQueries({ queryKey: users.keys.all });

export function UsersPage() {
  return (
    <RequirePermission permission={USERS_PAGE.permission}>
      <Users />
    </RequirePermission>
  );
}

/**
 * Staff accounts. The kit's list, form dialog and questions; its ResourceScreen does
 * not fit, as users are never deleted and a new account's temporary password must be shown.
 */
function Users() {
  const { page, search, filters, setPage, setSearch, setFilter, list, pages, controls } = useResourceList(users, ['role']);
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [asking, setAsking] = useState<{ step: Step; user: StaffUser } | null>(null);
  // The last question stays in the dialog while it closes.
  const [shownStep, setShownStep] = useState<{ step: Step; user: StaffUser } | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const save = useMutation({
    mutationFn: async ({ row, values }: { row: StaffUser | null; values: UserFormOutput }) => {
      const { username, name, role, active } = values;
      if (row) return updateUser(row._id, { name, role, active }, { errorToast: 'Failed to update user' });
      const created = await createUser({ username, name, role }, { errorToast: 'Failed to create user' });
      if (created.temporaryPassword) setIssued({ name: created.data.name, password: created.temporaryPassword });
      return created.data;
    },
    onSuccess: (_user, { row }) => {
      notifySuccess(`User ${row ? 'updated' : 'created'} successfully`);
      return refresh();
    },
  });

  const step = useMutation({
    mutationFn: async ({ step, user }: { step: Step; user: StaffUser }) => {
      if (step === 'reset') {
        setIssued({ name: user.name, password: await resetPassword(user._id) });
        return;
      }
      await updateUser(
        user._id,
        { name: user.name, role: user.role, active: step === 'reactivate' },
        { errorToast: `Failed to ${step} user` },
      );
      notifySuccess(`User ${step}d successfully`);
    },
    onSuccess: refresh,
  });

  const ask = (next: Step, user: StaffUser) => {
    setAsking({ step: next, user });
    setShownStep({ step: next, user });
  };
  const row = editing === 'new' ? null : editing;
  const question = shownStep ? STEPS[shownStep.step] : null;

  return (
    <>
      <ResourcePage<StaffUser>
        title="Users"
        addLabel="Add User"
        onAdd={() => setEditing('new')}
        search={{ value: search, placeholder: 'Search users...', onChange: setSearch }}
        filters={
          <FilterSelect label="Role" allLabel="All Roles" options={ROLE_OPTIONS} value={filters.role} onChange={(value) => setFilter('role', value)} />
        }
        columns={[
          { header: 'Username', cell: (u) => u.username, sort: 'username' },
          { header: 'Name', cell: (u) => u.name, sort: 'name' },
          { header: 'Role', cell: (u) => ROLE_LABELS[u.role], sort: 'role' },
          { header: 'Status', cell: (u) => <StatusChip status={u.active ? 'active' : 'inactive'} /> },
          { header: 'Last sign-in', cell: (u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'Never') },
        ]}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText="No users found"
        rowName={(u) => u.username}
        onEdit={(u) => setEditing(u)}
        permissions={MANAGE}
        history="user"
        rowActions={(u) => (
          <Can permission="users.manage">
            <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
              <Button size="xs" variant="outline" aria-label={`Reset password of ${u.username}`} onClick={() => ask('reset', u)}>
                Reset password
              </Button>
              <Button
                size="xs"
                variant="outline"
                aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${u.username}`}
                onClick={() => ask(u.active ? 'deactivate' : 'reactivate', u)}
              >
                {u.active ? 'Deactivate' : 'Reactivate'}
              </Button>
            </HStack>
          </Can>
        )}
        page={page}
        pages={pages}
        onPageChange={setPage}
        controls={controls}
      />
      <FormDialog<UserFormValues, UserFormOutput>
        open={editing !== null}
        mode={row ? 'edit' : 'create'}
        title={row ? 'Edit User' : 'Add New User'}
        schema={UserFormSchema}
        defaultValues={row ? userValues(row) : emptyUser()}
        fields={row ? EDIT_FIELDS : CREATE_FIELDS}
        onSubmit={(values) => save.mutateAsync({ row, values })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={question?.title ?? ''}
        message={shownStep ? question?.question(shownStep.user.name) : ''}
        confirmLabel={question?.confirmLabel ?? ''}
        colorPalette={question?.colorPalette}
        onConfirm={() => (asking ? step.mutateAsync(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
      {/* Opens once the dialog that asked for it has closed: one modal dialog, and one focus trap, at a time. */}
      <TemporaryPasswordDialog issued={editing === null && asking === null ? issued : null} onClose={() => setIssued(null)} />
    </>
  );
}
