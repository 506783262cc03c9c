import { useState } from 'react';
import * as v from 'valibot';
import { api, apiErrorMessage, readApiError } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { ChangePasswordSchema, NewPasswordSchema, PASSWORD_MESSAGES, type ProfileResponse } from '@admin/shared/contract';
import { useNavigate } from '@admin/shared/router';
import { Alert, Button, Card, FormField, Input, Stack, notifyError, notifySuccess } from '@admin/shared/ui';
import { useSchemaForm } from '@admin/shared/ui-kit';

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const FORCED_CHANGE_NOTE = 'Choose a new password to replace your temporary one.';

/** The contract's rules, and two the form can check before asking: the confirmation, and a new password that is new. */
export const PasswordFormSchema = v.pipe(
  v.object({
    currentPassword: ChangePasswordSchema.entries.currentPassword,
    newPassword: NewPasswordSchema,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['currentPassword'], ['newPassword']], (f) => f.newPassword !== f.currentPassword, PASSWORD_MESSAGES.sameAsCurrent),
    ['newPassword'],
  ),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (f) => f.confirmPassword === f.newPassword, PASSWORDS_DIFFER),
    ['confirmPassword'],
  ),
);
type PasswordForm = v.InferInput<typeof PasswordFormSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** One's own password; the only page open to someone signed in with a temporary one. */
export function PasswordPage() {
  const forced = useAuth((s) => s.user?.mustChangePassword ?? false);
  const username = useAuth((s) => s.user?.username ?? '');
  const setUser = useAuth((s) => s.setUser);
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const form = useSchemaForm(PasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      // The API's field messages go under the fields; only anything else is a toast.
      const { data } = await api.post<ProfileResponse>('/auth/password', { currentPassword, newPassword }, { errorToast: false });
      setUser(data.user);
      notifySuccess('Password changed successfully');
      navigate('/', { replace: true });
    } catch (error) {
      const fieldErrors = Object.entries(readApiError(error).errors ?? {}).filter(([name]) => (FIELDS as readonly string[]).includes(name));
      for (const [name, message] of fieldErrors) form.setError(name as keyof PasswordForm, { type: 'server', message }, { shouldFocus: true });
      if (!fieldErrors.length) notifyError(apiErrorMessage(error, 'Failed to change password'));
    }
  });

  const type = shown ? 'text' : 'password';
  return (
    <Card.Root maxW="md">
      <Card.Body>
        <Stack gap="4">
          {forced && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{FORCED_CHANGE_NOTE}</Alert.Title>
            </Alert.Root>
          )}
          <form onSubmit={submit} noValidate aria-label="Change password">
            <Stack gap="4">
              {/* For password managers: which account the new password belongs to. */}
              <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
              <FormField label="Current password" error={errors.currentPassword?.message}>
                <Input type={type} autoComplete="current-password" {...form.register('currentPassword')} />
              </FormField>
              <FormField label="New password" error={errors.newPassword?.message}>
                <Input type={type} autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
                <Input type={type} autoComplete="new-password" {...form.register('confirmPassword')} />
              </FormField>
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
                <Button variant="ghost" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                  {shown ? 'Hide passwords' : 'Show passwords'}
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  Change password
                </Button>
              </Stack>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
