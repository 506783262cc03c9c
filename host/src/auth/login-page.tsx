import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { apiErrorMessage } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { LoginSchema, type LoginInput } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  EyeIcon,
  EyeOffIcon,
  FormField,
  Heading,
  IconButton,
  Input,
  InputGroup,
  Stack,
  Text,
  dismissErrors,
  notifyError,
  notifySuccess,
} from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../i18n';
import { applyUserLanguage } from '../common/choose-language';
import { useRetireStaticShell } from '../common/static-shell';
import { LanguageSwitch } from './language-switch';

type Credentials = { username: string; password: string };
type CredentialErrors = Partial<Record<keyof Credentials, string>>;

/** The sign-in form checked by the API's own schema (same messages), or the first message of each field. */
function check(values: Credentials): { credentials: LoginInput } | { errors: CredentialErrors } {
  const result = v.safeParse(LoginSchema, values);
  if (result.success) return { credentials: result.output };
  const nested = v.flatten<typeof LoginSchema>(result.issues).nested ?? {};
  return { errors: { username: nested.username?.[0], password: nested.password?.[0] } };
}

/**
 * The sign-in form. A signed-in session replaces it with the signed-in pages (app.tsx). A plain
 * form rather than useSchemaForm: two fields do not need the form library, and leaving it out keeps
 * it off the sign-in page's first load.
 */
export function LoginPage() {
  useRetireStaticShell();
  const t = useT(SHELL_NAMESPACE);
  const login = useAuth((s) => s.login);
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  // Checked on submit, then again as staff correct the fields.
  const [errors, setErrors] = useState<CredentialErrors | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const change = (field: keyof Credentials) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors) {
      const checked = check(next);
      setErrors('errors' in checked ? checked.errors : {});
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const firstInvalid = checked.errors.username ? 'username' : 'password';
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      const user = await login(checked.credentials);
      await applyUserLanguage(user);
      dismissErrors();
      notifySuccess(t('signIn.success'));
    } catch (error) {
      const message = apiErrorMessage(error, t('signIn.failed'));
      setFailure(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Center as="main" minH="100vh" bg="bg.subtle" px="4">
      <Card.Root width="full" maxW="sm">
        <Card.Body>
          <Stack gap="6">
            <Box textAlign="center">
              <Heading as="h1" size="2xl">
                {t('signIn.title')}
              </Heading>
              <Text color="fg.muted" mt="1">
                {t('signIn.subtitle')}
              </Text>
            </Box>
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <form onSubmit={onSubmit} noValidate aria-label={t('signIn.form')}>
              <Stack gap="4">
                <FormField label={t('signIn.username')} error={errors?.username}>
                  {/* The page's one task: staff type their username at once. */}
                  <Input
                    name="username"
                    autoComplete="username"
                    // eslint-disable-next-line jsx-a11y/no-autofocus
                    autoFocus
                    value={values.username}
                    onChange={change('username')}
                  />
                </FormField>
                <FormField label={t('signIn.password')} error={errors?.password}>
                  <InputGroup
                    endElement={
                      <IconButton
                        aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
                        size="xs"
                        variant="ghost"
                        me="-2"
                        onClick={() => setShowPassword((v) => !v)}
                      >
                        {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                      </IconButton>
                    }
                  >
                    <Input
                      name="password"
                      type={showPassword ? 'text' : 'password'}
                      autoComplete="current-password"
                      value={values.password}
                      onChange={change('password')}
                    />
                  </InputGroup>
                </FormField>
                <Button type="submit" width="full" loading={isSubmitting} mt="2">
                  {t('signIn.submit')}
                </Button>
              </Stack>
            </form>
            <LanguageSwitch />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
