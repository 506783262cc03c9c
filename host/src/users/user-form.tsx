import * as v from 'valibot';
import {
  ROLES,
  USER_MESSAGES,
  UserCreateSchema,
  UserUpdateSchema,
  type Role,
  type StaffUser,
} from '@admin/shared/contract';
import { Stack, Text } from '@admin/shared/ui';
import { Controller, Switch, type FieldConfig, type Option } from '@admin/shared/ui-kit';
import type { Translate } from '../i18n';

/**
 * The add and edit dialog's values. One schema for both: an existing username passed the same
 * rule when it was created, and the API takes only the fields of each call.
 */
export const UserFormSchema = v.object({
  username: UserCreateSchema.entries.username,
  name: UserUpdateSchema.entries.name,
  // Starts empty ('Select role'), so the choice is always made on purpose.
  role: v.pipe(v.string(USER_MESSAGES.roleRequired), v.picklist(ROLES, USER_MESSAGES.roleRequired)),
  active: UserUpdateSchema.entries.active,
  email: UserUpdateSchema.entries.email,
});
export type UserFormValues = v.InferInput<typeof UserFormSchema>;
export type UserFormOutput = v.InferOutput<typeof UserFormSchema>;
type UserField = FieldConfig<UserFormValues, UserFormOutput>;

/** How the screens name each role (catalogue keys). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'role.admin',
  accountant: 'role.accountant',
  sales: 'role.sales',
  viewer: 'role.viewer',
};

export const roleOptions = (t: Translate): Option[] =>
  ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));

export const emptyUser = (): UserFormValues => ({ username: '', name: '', role: '', active: true, email: '' });

export const userValues = (user: StaffUser): UserFormValues => ({
  username: user.username,
  name: user.name,
  role: user.role,
  active: user.active,
  email: user.email ?? '',
});

const nameField = (t: Translate): UserField => ({ name: 'name', label: t('users.field.name') });
const emailField = (t: Translate): UserField => ({
  name: 'email',
  label: t('users.field.email'),
  kind: 'email',
  hint: t('users.field.emailHint'),
});
const roleField = (t: Translate): UserField => ({
  name: 'role',
  label: t('users.field.role'),
  kind: 'select',
  options: [{ value: '', label: t('users.field.selectRole') }, ...roleOptions(t)],
});

/** Adding: the username (it never changes afterwards), name and role; the password is generated. */
export const createFields = (t: Translate): UserField[] => [
  { name: 'username', label: t('users.field.username') },
  nameField(t),
  roleField(t),
  emailField(t),
];

/** Editing: name, role and whether the account may sign in. */
export const editFields = (t: Translate): UserField[] => [
  nameField(t),
  roleField(t),
  emailField(t),
  {
    name: 'active',
    label: t('users.field.active'),
    render: (form) => (
      <Controller
        control={form.control}
        name="active"
        render={({ field, fieldState }) => (
          <Stack gap="1">
            <Switch.Root
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked)}
              invalid={fieldState.invalid}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('users.field.active')}</Switch.Label>
            </Switch.Root>
            {/* e.g. the API refusing to deactivate one's own account */}
            {fieldState.error && (
              <Text color="fg.error" fontSize="sm">
                {fieldState.error.message}
              </Text>
            )}
          </Stack>
        )}
      />
    ),
  },
];
