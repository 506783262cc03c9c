import { useQuery } from '@tanstack/react-query';
import { CORE_RESOURCES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Link, useLocation } from '@admin/shared/router';
import { Alert, Button } from '@admin/shared/ui';
import { companySettingsQuery, useAllowed } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';

/**
 * Until the company's name is set, documents print 'Company details not set' as their seller: the
 * staff who may set it are told so on every page, in one line, with the way there.
 */
export function CompanyUnsetPrompt() {
  const t = useT(SIGNED_IN_TEXTS);
  const { pathname } = useLocation();
  const canSet = useAllowed(CORE_RESOURCES.companySettings.permissions.update);
  const company = useQuery({ ...companySettingsQuery, enabled: canSet });
  const onSettingsPage = pathname === CORE_RESOURCES.companySettings.page;
  if (!canSet || !company.data || company.data.companyNameEn || onSettingsPage) return null;
  return (
    // On a phone the sentence wraps and the button goes under it rather than past the screen's edge.
    <Alert.Root status="info" borderRadius="0" py="1" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Title flex="1" minW="0" whiteSpace="normal">
        {t('company.unsetPrompt')}
      </Alert.Title>
      <Button asChild size="xs" variant="outline">
        <Link to={CORE_RESOURCES.companySettings.page}>{t('company.unsetAction')}</Link>
      </Button>
    </Alert.Root>
  );
}

/**
 * Whether the line above is settled (shown or not for good). The shell holds the page until then:
 * a line arriving after the page would push all of it down (a layout shift). The settings are asked
 * for with the page's own first requests, so the hold costs no round trip.
 */
export function useCompanyPromptSettled(): boolean {
  const canSet = useAllowed(CORE_RESOURCES.companySettings.permissions.update);
  const company = useQuery({ ...companySettingsQuery, enabled: canSet });
  return !canSet || !company.isPending;
}
