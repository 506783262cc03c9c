import { afterEach } from '@rstest/core';
import { cleanup } from '@testing-library/react';
import { queryClient } from '@admin/shared/query';

afterEach(() => {
  cleanup();
  // Each test starts from an empty cache: answers of one test's fake API never leak into the next.
  queryClient.clear();
  localStorage.clear();
});
