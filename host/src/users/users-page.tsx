import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffUser } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, HStack, notifySuccess } from '@admin/shared/ui';
import {
  Can,
  ConfirmDialog,
  FilterSelect,
  SchemaFormDialog,
  RequirePermission,
  ResourcePage,
  StatusChip,
  formatDateTime,
  useResourceList,
  type ResourcePermissions,
} from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { USERS_PAGE } from '../common/pages';
import { createUser, resetPassword, updateUser, users } from './api';
import { TemporaryPasswordDialog, type IssuedPassword } from './temporary-password-dialog';
import {
  ROLE_LABELS,
  UserFormSchema,
  createFields,
  editFields,
  emptyUser,
  roleOptions,
  userValues,
  type UserFormOutput,
  type UserFormValues,
} from './user-form';

type Step = 'deactivate' | 'reactivate' | 'reset';

/**
 * Each row step's question (catalogue keys; the question names the user as {{name}}); all three
 * change who can sign in, so each is asked first. The toasts after it are `users.<step>.done`
 * and `users.<step>.failed`.
 */
const STEPS: Record<Step, { title: string; confirmLabel: string; question: string; colorPalette?: string }> = {
  deactivate: {
    title: 'users.deactivate.title',
    confirmLabel: 'users.deactivate',
    question: 'users.deactivate.question',
    colorPalette: 'red',
  },
  reactivate: {
    title: 'users.reactivate.title',
    confirmLabel: 'users.reactivate',
    question: 'users.reactivate.question',
  },
  reset: {
    title: 'users.reset.title',
    confirmLabel: 'users.reset',
    question: 'users.reset.question',
  },
};

const MANAGE: Partial<ResourcePermissions> = { create: 'users.manage', update: 'users.manage' };

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
  const t = useT(SIGNED_IN_TEXTS);
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(users, ['role']);
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [asking, setAsking] = useState<{ step: Step; user: StaffUser } | null>(null);
  // The last question stays in the dialog while it closes.
  const [shownStep, setShownStep] = useState<{ step: Step; user: StaffUser } | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const save = useMutation({
    mutationFn: async ({ row, values }: { row: StaffUser | null; values: UserFormOutput }) => {
      const { username, name, role, active, email } = values;
      if (row) return updateUser(row._id, { name, role, active, email }, { errorToast: t('users.update.failed') });
      const created = await createUser({ username, name, role, email }, { errorToast: t('users.create.failed') });
      if (created.temporaryPassword) setIssued({ name: created.user.name, password: created.temporaryPassword });
      return created.user;
    },
    onSuccess: (_user, { row }) => notifySuccess(t(row ? 'users.update.done' : 'users.create.done')),
    meta: { changes: users.definition },
  });

  const step = useMutation({
    mutationFn: async ({ step, user }: { step: Step; user: StaffUser }) => {
      if (step === 'reset') {
        setIssued({
          name: user.name,
          password: await resetPassword(user._id, { errorToast: t('users.reset.failed') }),
        });
        return;
      }
      await updateUser(
        user._id,
        { name: user.name, role: user.role, active: step === 'reactivate', email: user.email },
        { errorToast: t(`users.${step}.failed`) },
      );
      notifySuccess(t(`users.${step}.done`));
    },
    meta: { changes: users.definition },
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
        title={t('users.title')}
        addLabel={t('users.add')}
        onAdd={() => setEditing('new')}
        search={{ value: search, placeholder: t('users.search'), onChange: setSearch }}
        filters={
          <FilterSelect
            label={t('users.field.role')}
            allLabel={t('users.allRoles')}
            options={roleOptions(t)}
            value={filters.role}
            onChange={(value) => setFilter('role', value)}
          />
        }
        columns={[
          { header: t('users.field.username'), cell: (u) => u.username, sort: 'username' },
          { header: t('users.field.name'), cell: (u) => u.name, sort: 'name' },
          { header: t('users.field.role'), cell: (u) => t(ROLE_LABELS[u.role]), sort: 'role' },
          { header: t('users.status'), cell: (u) => <StatusChip status={u.active ? 'active' : 'inactive'} /> },
          {
            header: t('users.lastSignIn'),
            cell: (u) => (u.lastSignInAt ? <bdi>{formatDateTime(u.lastSignInAt)}</bdi> : t('users.never')),
          },
        ]}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('users.empty')}
        rowName={(u) => u.username}
        onEdit={(u) => setEditing(u)}
        permissions={MANAGE}
        history="user"
        rowActions={(u) => (
          <Can permission="users.manage">
            <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
              <Button
                size="xs"
                variant="outline"
                aria-label={t('users.reset.of', { username: u.username })}
                onClick={() => ask('reset', u)}
              >
                {t('users.reset')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                aria-label={t(u.active ? 'users.deactivate.of' : 'users.reactivate.of', { username: u.username })}
                onClick={() => ask(u.active ? 'deactivate' : 'reactivate', u)}
              >
                {t(u.active ? 'users.deactivate' : 'users.reactivate')}
              </Button>
            </HStack>
          </Can>
        )}
        {...paging}
      />
      <SchemaFormDialog<UserFormValues, UserFormOutput>
        open={editing !== null}
        mode={row ? 'edit' : 'create'}
        title={t(row ? 'users.edit.title' : 'users.create.title')}
        schema={UserFormSchema}
        defaultValues={row ? userValues(row) : emptyUser()}
        fields={row ? editFields(t) : createFields(t)}
        onSubmit={(values) => save.mutateAsync({ row, values })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={question ? t(question.title) : ''}
        message={shownStep && question ? t(question.question, { name: shownStep.user.name }) : ''}
        confirmLabel={question ? t(question.confirmLabel) : ''}
        colorPalette={question?.colorPalette}
        onConfirm={() => (asking ? step.mutateAsync(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
      {/* Opens once the dialog that asked for it has closed: one modal dialog, and one focus trap, at a time. */}
      <TemporaryPasswordDialog
        issued={editing === null && asking === null ? issued : null}
        onClose={() => setIssued(null)}
      />
    </>
  );
}
