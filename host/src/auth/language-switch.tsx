import { LANGUAGES, useLanguage, useT } from '@admin/shared/i18n';
import { Button, HStack } from '@admin/shared/ui';
import { SHELL_NAMESPACE } from '../i18n';
import { LANGUAGE_NAMES, chooseLanguage } from '../common/choose-language';

/** The sign-in page's language choice: kept on this browser, so it is there before anyone signs in. */
export function LanguageSwitch() {
  const t = useT(SHELL_NAMESPACE);
  const active = useLanguage();
  return (
    <HStack role="group" aria-label={t('language.choose')} justify="center" gap="1">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="xs"
          variant={language === active ? 'subtle' : 'ghost'}
          lang={language}
          aria-pressed={language === active}
          onClick={() => void chooseLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </HStack>
  );
}
