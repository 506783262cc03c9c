// Every UI package's rstest setup (see shared/rstest.ui.ts): each test starts from an empty
// page — no rendered tree, no cached answers of another test's fake API, no stored token.
import { afterEach } from '@rstest/core';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../query';

afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
});
