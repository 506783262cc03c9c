// Every UI package's rstest setup (see shared/rstest.ui.ts): each test starts from an empty
// page — no rendered tree, no fake API left answering, no cached answers, no stored token.
import { afterEach } from '@rstest/core';
import { cleanup } from '@testing-library/react';
import { api } from '../api';
import { queryClient } from '../query';

const realAdapter = api.defaults.adapter;

afterEach(() => {
  cleanup();
  api.defaults.adapter = realAdapter;
  queryClient.clear();
  localStorage.clear();
});
