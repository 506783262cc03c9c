import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, dataOf } from '@admin/shared/api';
import { REMOTE_NAMES, type AuditVerifyResult } from '@admin/shared/contract';
import { isDay } from '@admin/shared/dates';
import { KIT_NAMESPACE, useCatalogueKeys, useT } from '@admin/shared/i18n';
import { auditLog } from '@admin/shared/query';
import {
  Alert,
  Box,
  Button,
  Center,
  Flex,
  FormField,
  Heading,
  Input,
  InputGroup,
  SearchIcon,
  Spinner,
  Stack,
  Text,
} from '@admin/shared/ui';
import {
  AuditEntryList,
  DateInput,
  ExportButton,
  FilterSelect,
  formatDateTime,
  Pager,
  PageSizeSelect,
  RequirePermission,
  useAuditLabels,
  useDebounced,
  useResourceList,
} from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { AUDIT_PAGE } from '../common/pages';
import { loadRemoteRoutes } from '../common/remotes/remotes';

const FILTERS = ['entityType', 'action', 'actor', 'from', 'to'] as const;
const PAGE_SIZE = 20;

export function AuditLogPage() {
  return (
    <RequirePermission permission={AUDIT_PAGE.permission}>
      <AuditLog />
    </RequirePermission>
  );
}

/** Who did what and when, newest first; the filters live in the address, so a filtered log survives a reload. */
function AuditLog() {
  const t = useT(SIGNED_IN_TEXTS);
  const { page, search, filters, setPage, setSearch, setFilter, list, pages, controls } = useResourceList(
    auditLog,
    FILTERS,
    PAGE_SIZE,
  );
  const verify = useMutation({
    mutationFn: () =>
      api
        .get<{ data: AuditVerifyResult }>(`${auditLog.path}/verify`, { errorToast: t('audit.verify.failed') })
        .then(dataOf),
  });
  const entries = list.data?.data ?? [];
  const labels = useAuditLabels();
  // The kinds of record and actions the kit has words for: the host's own, and each area's, which
  // arrive with the area's module; the log names every area's records, so each area is loaded.
  const entityTypes = useCatalogueKeys(KIT_NAMESPACE, 'audit.entity.');
  const actions = useCatalogueKeys(KIT_NAMESPACE, 'audit.action.');
  useEffect(() => {
    for (const name of REMOTE_NAMES) loadRemoteRoutes(name).catch(() => undefined); // a dead area shows on its own pages
  }, []);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="xl">
          {t('audit.title')}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <ExportButton controls={controls} />
          <Button variant="outline" loading={verify.isPending} onClick={() => verify.mutate()}>
            {t('audit.verify')}
          </Button>
        </Flex>
      </Flex>
      {verify.data && <VerifyResult result={verify.data} />}
      <Flex gap="3" wrap="wrap" align="end">
        <InputGroup startElement={<SearchIcon boxSize="4" />} flex="1" minW="220px" maxW="md">
          <Input
            type="search"
            aria-label={t('audit.search')}
            placeholder={t('audit.search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        <FilterSelect
          label={t('audit.recordType')}
          allLabel={t('audit.recordType.all')}
          options={byLabel(entityTypes.map((type) => ({ value: type, label: labels.entity(type) })))}
          value={filters.entityType}
          onChange={(value) => setFilter('entityType', value)}
        />
        <FilterSelect
          label={t('audit.action')}
          allLabel={t('audit.action.all')}
          options={byLabel(actions.map((action) => ({ value: action, label: labels.action(action) })))}
          value={filters.action}
          onChange={(value) => setFilter('action', value)}
        />
        <ActorFilter value={filters.actor} onChange={(value) => setFilter('actor', value)} />
        <Box width={{ base: 'full', sm: '40' }}>
          <FormField label={t('audit.from')}>
            <DateInput
              value={filters.from}
              onChange={(value) => setFilter('from', isDay(value) || !value ? value : filters.from)}
            />
          </FormField>
        </Box>
        <Box width={{ base: 'full', sm: '40' }}>
          <FormField label={t('audit.to')}>
            <DateInput
              value={filters.to}
              onChange={(value) => setFilter('to', isDay(value) || !value ? value : filters.to)}
            />
          </FormField>
        </Box>
      </Flex>
      {list.isPending ? (
        <Center py="8">
          <Spinner aria-label={t('shell.loading')} />
        </Center>
      ) : entries.length ? (
        <AuditEntryList entries={entries} label={t('audit.entries')} showRecord collapsible />
      ) : (
        <Text textAlign="center" py="6" color="fg.muted">
          {t('audit.empty')}
        </Text>
      )}
      <Flex gap="3" align="center" justify="center" wrap="wrap">
        <Pager page={page} pages={pages} onChange={setPage} />
        <PageSizeSelect controls={controls} />
      </Flex>
    </Stack>
  );
}

/** A filter's choices in the order staff read them. */
function byLabel<T extends { label: string }>(options: T[]): T[] {
  return [...options].sort((a, b) => a.label.localeCompare(b.label));
}

function VerifyResult({ result }: { result: AuditVerifyResult }) {
  const t = useT(SIGNED_IN_TEXTS);
  const { anchor, problem } = result;
  // Why a chain is broken, and which anchor (the chain's head written outside the database) it was held to.
  const detail = problem
    ? t(`audit.verify.problem.${problem}`, { seq: anchor?.seq })
    : anchor && t('audit.verify.anchored', { at: formatDateTime(anchor.at), seq: anchor.seq });
  return (
    <Alert.Root status={result.ok ? 'success' : 'error'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {result.ok
            ? t('audit.verify.intact', { checked: result.checked })
            : t('audit.verify.broken', { id: result.firstBrokenId })}
        </Alert.Title>
        {detail && <Alert.Description>{detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** A username as typed; the address changes once typing pauses, not on every key. */
function ActorFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT(SIGNED_IN_TEXTS);
  const [typed, setTyped] = useState(value);
  const settled = useDebounced(typed.trim());
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // On a new settled value only: `value` catching up afterwards must not send anything again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <Input
      aria-label={t('audit.user')}
      placeholder={t('audit.user')}
      width={{ base: 'full', sm: '40' }}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
    />
  );
}
