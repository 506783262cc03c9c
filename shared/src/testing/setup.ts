// Every UI package's rstest setup (see shared/rstest.ui.ts): each test starts from an empty
// page — no rendered tree, no fake API left answering, no cached answers, no stored token.
import { afterEach, beforeAll } from '@rstest/core';
import { cleanup } from '@testing-library/react';
import { api } from '../api';
import { registeredNamespaces, startI18n } from '../i18n';
import { queryClient } from '../query';

const realAdapter = api.defaults.adapter;

// The test file's imports have registered their texts by now: all load in English before the first render.
beforeAll(() => startI18n(registeredNamespaces(), 'en'));

afterEach(() => {
  cleanup();
  api.defaults.adapter = realAdapter;
  queryClient.clear();
  localStorage.clear();
});
