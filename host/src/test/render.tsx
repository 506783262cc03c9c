import { companySettingsRecord } from '@admin/shared/testing';
import { useLocation } from '@admin/shared/router';

// The host gives its pages the same providers it gives a remote's.
export { renderPage as renderAt } from '@admin/shared/testing';

const CURRENT_PATH = 'Current path'; // for tests only: never shown to staff

/** The router's current path, for tests that check where a page sends the user. */
export function CurrentPath() {
  return <output aria-label={CURRENT_PATH}>{useLocation().pathname}</output>;
}

/** The company settings of a fresh install: nothing set yet. */
export const UNSET_COMPANY = companySettingsRecord();
