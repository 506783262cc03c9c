import * as v from 'valibot';
import { ROLE_LABELS, ROLES, USER_MESSAGES, UserCreateSchema, UserUpdateSchema, type StaffUser } from '@admin/shared/contract';
import { Stack, Text } from '@admin/shared/ui';
import { Controller, Switch, type FieldConfig, type Option } from '@admin/shared/ui-kit';

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
});
export type UserFormValues = v.InferInput<typeof UserFormSchema>;
export type UserFormOutput = v.InferOutput<typeof UserFormSchema>;

export const ROLE_OPTIONS: Option[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const emptyUser = (): UserFormValues => ({ username: '', name: '', role: '', active: true });

export const userValues = (user: StaffUser): UserFormValues => ({
  username: user.username,
  name: user.name,
  role: user.role,
  active: user.active,
});

const NAME: FieldConfig<UserFormValues> = { name: 'name', label: 'Name' };
const ROLE: FieldConfig<UserFormValues> = {
  name: 'role',
  label: 'Role',
  kind: 'select',
  options: [{ value: '', label: 'Select role' }, ...ROLE_OPTIONS],
};

/** Adding: the username (it never changes afterwards), name and role; the password is generated. */
export const CREATE_FIELDS: FieldConfig<UserFormValues>[] = [{ name: 'username', label: 'Username' }, NAME, ROLE];

/** Editing: name, role and whether the account may sign in. */
export const EDIT_FIELDS: FieldConfig<UserFormValues>[] = [
  NAME,
  ROLE,
  {
    name: 'active',
    label: 'Active',
    render: (form) => (
      <Controller
        control={form.control}
        name="active"
        render={({ field, fieldState }) => (
          <Stack gap="1">
            <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)} invalid={fieldState.invalid}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Active</Switch.Label>
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
