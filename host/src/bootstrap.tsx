import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi, getToken, setApiBaseUrl } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { startI18n } from '@admin/shared/i18n';
import { notifyError } from '@admin/shared/ui';
import { App, preloadSignedIn } from './app';
import { applyUserLanguage } from './common/choose-language';
import { loadDashboardAhead } from './dashboard/dashboard-ahead';
import { fetchPlatformConfig } from './common/remotes/platform-config';
import { SHELL_NAMESPACE } from './i18n';
import { registerPlatformRemotes } from './common/remotes/remotes';
import { usePlatformStatus } from './common/remotes/remote-status';

async function start() {
  // The first screen's texts load while the platform config is read.
  const texts = startI18n([SHELL_NAMESPACE]);
  try {
    const config = await fetchPlatformConfig();
    setApiBaseUrl(config.apiBaseUrl);
    registerPlatformRemotes(config);
  } catch (error) {
    // Without a platform config the shell and sign-in still work; every area reports itself unavailable.
    usePlatformStatus.setState({ configError: error instanceof Error ? error.message : String(error) });
    console.error('Could not read /platform.json', error);
  }
  // What comes next loads ahead: the signed-in pages with the profile check for a stored session
  // (else from the first keystroke in the sign-in form: the form is focused on load, so focus would
  // add them to the sign-in page's own weight), then the dashboard's data and widgets.
  if (getToken()) preloadSignedIn();
  else document.addEventListener('input', preloadSignedIn, { once: true });
  loadDashboardAhead();
  // Failed calls show an error toast from the first call on (the start-up profile check included);
  // a session the server no longer accepts (401 on any call) signs the user out, to the sign-in page.
  configureApi({ notifyError, onUnauthorized: () => useAuth.getState().clear() });
  const session = useAuth.getState().init();
  await texts;
  // A stored session's user may have chosen a language on another browser: theirs wins.
  void session.then(() => applyUserLanguage(useAuth.getState().user));
  // As a transition, React renders the first screen in slices of a few milliseconds, letting the
  // browser paint and answer input in between, instead of one task of the whole shell (the
  // longest of the page's start on a slow phone).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
