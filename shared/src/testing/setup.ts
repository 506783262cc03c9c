// Every UI package's rstest setup (see shared/rstest.ui.ts): each test starts from an empty
// page — no rendered tree, no toast, no fake API left answering, no cached answers, no stored
// token — whichever test file ran before it in the same worker.
import { afterEach, beforeAll } from '@rstest/core';
import { cleanup, configure } from '@testing-library/react';
import { api } from '../api';
import { registeredNamespaces, registeredTextsLoaded, startI18n } from '../i18n';
import { queryClient } from '../query';
import { toaster } from '../ui/toaster';
import { loadFormLibrary } from '../ui-kit/resource/form-library';
import { takeRefusals } from './fake-api';

const realAdapter = api.defaults.adapter;

// findBy and waitFor give up after 1 s by default: two workers on two busy cores have taken longer
// to type a few fields and show a message. A guard against a hang, not a speed check.
configure({ asyncUtilTimeout: 5_000 });

// The test file's imports have registered their texts by now: all load in English before the first
// render, what they added to namespaces an earlier file of the worker loaded included.
beforeAll(async () => {
  await startI18n(registeredNamespaces(), 'en');
  await registeredTextsLoaded();
  // As on a page where the host has loaded it once the first screen was drawn.
  await loadFormLibrary();
});

afterEach(() => {
  const refused = takeRefusals();
  cleanup();
  toaster.remove();
  api.defaults.adapter = realAdapter;
  queryClient.clear();
  localStorage.clear();
  // A fake answered a shape the API never would: the test proved nothing about the real one.
  if (refused.length) throw new Error(`The fake API refused these answers:\n${refused.join('\n')}`);
});
