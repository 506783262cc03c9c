import { useState } from 'react';
import { apiErrorMessage } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { LoginSchema } from '@admin/shared/contract';
import { Navigate, useNavigate } from '@admin/shared/router';
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
  notifyError,
  notifySuccess,
  useSchemaForm,
} from '@admin/shared/ui';
import { FullPageSpinner } from './full-page-spinner';

export function LoginPage() {
  const loading = useAuth((s) => s.loading);
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  if (loading) return <FullPageSpinner />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <LoginForm />;
}

function LoginForm() {
  const login = useAuth((s) => s.login);
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(LoginSchema, { username: '', password: '' });

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      await login(credentials);
      notifySuccess('Login successful!');
      navigate('/', { replace: true });
    } catch (error) {
      const message = apiErrorMessage(error, 'Login failed');
      setFailure(message);
      notifyError(message);
    }
  });

  return (
    <Center minH="100vh" bg="bg.subtle" px="4">
      <Card.Root width="full" maxW="sm">
        <Card.Body>
          <Stack gap="6">
            <Box textAlign="center">
              <Heading as="h1" size="2xl">
                Sign In
              </Heading>
              <Text color="fg.muted" mt="1">
                Sign in to access the admin dashboard
              </Text>
            </Box>
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
            <form onSubmit={onSubmit} noValidate aria-label="Sign in">
              <Stack gap="4">
                <FormField label="Username" error={errors.username?.message}>
                  <Input autoComplete="username" autoFocus {...register('username')} />
                </FormField>
                <FormField label="Password" error={errors.password?.message}>
                  <InputGroup
                    endElement={
                      <IconButton
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
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
                      type={showPassword ? 'text' : 'password'}
                      autoComplete="current-password"
                      {...register('password')}
                    />
                  </InputGroup>
                </FormField>
                <Button type="submit" width="full" loading={isSubmitting} mt="2">
                  Sign In
                </Button>
              </Stack>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
