import { useState } from 'react';
import * as v from 'valibot';
import { api, apiErrorMessage, dataOf, readApiError } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import {
  ChangePasswordSchema,
  CORE_PATHS,
  NewPasswordSchema,
  PASSWORD_MESSAGES,
  type Answer,
  type ProfileResponse,
} from '@admin/shared/contract';
import { i18n, useT } from '@admin/shared/i18n';
import { useNavigate } from '@admin/shared/router';
import { Alert, Button, Card, FormField, Input, Stack, notifyError, notifySuccess } from '@admin/shared/ui';
import { useSchemaForm } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';

/** The contract's rules, and two the form can check before asking: the confirmation, and a new password that is new. */
export const PasswordFormSchema = v.pipe(
  v.object({
    currentPassword: ChangePasswordSchema.entries.currentPassword,
    newPassword: NewPasswordSchema,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['newPassword']],
      (f) => f.newPassword !== f.currentPassword,
      PASSWORD_MESSAGES.sameAsCurrent,
    ),
    ['newPassword'],
  ),
  v.forward(
    // The form's own message, in the language active when it is checked.
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (f) => f.confirmPassword === f.newPassword,
      () => i18n.t('password.mismatch', { ns: SIGNED_IN_TEXTS }),
    ),
    ['confirmPassword'],
  ),
);
type PasswordForm = v.InferInput<typeof PasswordFormSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** One's own password; the only page open to someone signed in with a temporary one. */
export function PasswordPage() {
  const t = useT(SIGNED_IN_TEXTS);
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
      const { user } = await api
        .post<Answer<ProfileResponse>>(CORE_PATHS.password, { currentPassword, newPassword }, { errorToast: false })
        .then(dataOf);
      setUser(user);
      notifySuccess(t('password.changed'));
      navigate('/', { replace: true });
    } catch (error) {
      const fieldErrors = Object.entries(readApiError(error).errors ?? {}).filter(([name]) =>
        (FIELDS as readonly string[]).includes(name),
      );
      for (const [name, message] of fieldErrors)
        form.setError(name as keyof PasswordForm, { type: 'server', message }, { shouldFocus: true });
      if (!fieldErrors.length) notifyError(apiErrorMessage(error, t('password.failed')));
    }
  });

  const type = shown ? 'text' : 'password';
  const currentPassword = form.register('currentPassword');
  const newPassword = form.register('newPassword');
  const confirmPassword = form.register('confirmPassword');
  return (
    <Card.Root maxW="md">
      <Card.Body>
        <Stack gap="4">
          {forced && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('password.forcedNote')}</Alert.Title>
            </Alert.Root>
          )}
          <form onSubmit={submit} noValidate aria-label={t('password.form')}>
            <Stack gap="4">
              {/* For password managers: which account the new password belongs to. */}
              <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
              <FormField label={t('password.current')} error={errors.currentPassword?.message}>
                <Input type={type} autoComplete="current-password" {...currentPassword} />
              </FormField>
              <FormField label={t('password.new')} error={errors.newPassword?.message}>
                <Input type={type} autoComplete="new-password" {...newPassword} />
              </FormField>
              <FormField label={t('password.confirm')} error={errors.confirmPassword?.message}>
                <Input type={type} autoComplete="new-password" {...confirmPassword} />
              </FormField>
              <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
                <Button variant="ghost" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                  {t(shown ? 'password.hide' : 'password.show')}
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  {t('password.submit')}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
