import { api } from '@admin/shared/api';
import { useAuth, type User } from '@admin/shared/auth';
import { CORE_PATHS, isLanguage, type LanguageChoice } from '@admin/shared/contract';
import { currentLanguage, setLanguage, type Language } from '@admin/shared/i18n';

/** Each language named in itself, so whoever cannot read the other one still finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/**
 * Switches the screens to `language` and remembers it on this browser; signed in, it is also kept
 * on the user, so their next sign-in on another browser opens in it. Saving it there is a bonus:
 * the switch stands even when that call fails.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  if (!useAuth.getState().isAuthenticated) return;
  const choice: LanguageChoice = { language };
  await api.put(CORE_PATHS.language, choice, { errorToast: false }).catch(() => undefined);
}

/** The language the user chose on any browser (AuthUser.language), if any. */
function savedLanguage(user: User | null): Language | null {
  const language = (user as { language?: unknown } | null)?.language;
  return isLanguage(language) ? language : null;
}

/** At sign-in and at the start-up profile check: the user's own choice wins over this browser's. */
export async function applyUserLanguage(user: User | null): Promise<void> {
  const language = savedLanguage(user);
  if (language && language !== currentLanguage()) await setLanguage(language);
}
