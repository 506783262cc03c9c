import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiErrorMessage, configureApi } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { LoginSchema } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import type { RemoteModule } from '@admin/shared/remote';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from '@admin/shared/router';
import {
  Box,
  Button,
  Center,
  Flex,
  FormField,
  HStack,
  Heading,
  Input,
  Spinner,
  Stack,
  Text,
  UiProvider,
  notifyError,
} from '@admin/shared/ui';
import { useSchemaForm } from '@admin/shared/ui-kit';

/**
 * A remote on its own, for its team's `pnpm dev`: the same providers as the host, a bar with the
 * area's pages, and a bare sign-in when no session is stored. Not part of any release.
 */
export function StandaloneApp({ module }: { module: RemoteModule }) {
  useEffect(() => {
    configureApi({ notifyError, onUnauthorized: () => useAuth.getState().clear() });
    void useAuth.getState().init();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <BrowserRouter>
          <Gate module={module} />
        </BrowserRouter>
      </UiProvider>
    </QueryClientProvider>
  );
}

function Gate({ module }: { module: RemoteModule }) {
  const { loading, isAuthenticated, user, logout } = useAuth();
  if (loading)
    return (
      <Center minH="100vh">
        <Spinner size="xl" aria-label="Loading" />
      </Center>
    );
  if (!isAuthenticated) return <DevSignIn area={module.area} />;
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Flex as="header" gap="4" px="4" h="12" align="center" bg="bg" borderBottomWidth="1px" wrap="wrap">
        <Text fontWeight="bold">{module.area} (standalone)</Text>
        <HStack as="nav" gap="3" flex="1">
          {module.routes.map((r) => (
            <NavLink key={r.path} to={r.path}>
              {r.title}
            </NavLink>
          ))}
        </HStack>
        <Text fontSize="sm">{user?.name ?? 'User'}</Text>
        <Button size="xs" variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </Flex>
      <Box as="main" p="6">
        <Routes>
          {module.routes.map(({ path, Component }) => (
            <Route key={path} path={`${path}/*`} element={<Component />} />
          ))}
          <Route path="*" element={<Navigate to={module.routes[0]?.path ?? '/'} replace />} />
        </Routes>
      </Box>
    </Box>
  );
}

function DevSignIn({ area }: { area: string }) {
  const login = useAuth((s) => s.login);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(LoginSchema, { username: '', password: '' });
  const submit = form.handleSubmit(async (credentials) => {
    try {
      await login(credentials);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Login failed'));
    }
  });
  return (
    <Center minH="100vh">
      <form onSubmit={submit} noValidate>
        <Stack gap="4" width="xs">
          <Heading size="lg">{area}: sign in to the API on :3000</Heading>
          {failure && <Text color="fg.error">{failure}</Text>}
          <FormField label="Username" error={form.formState.errors.username?.message}>
            <Input {...form.register('username')} />
          </FormField>
          <FormField label="Password" error={form.formState.errors.password?.message}>
            <Input type="password" {...form.register('password')} />
          </FormField>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Sign In
          </Button>
        </Stack>
      </form>
    </Center>
  );
}
