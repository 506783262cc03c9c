import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@admin/shared/ui';
import { Can } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';
import { dueSchedulesQuery } from './api';
import { usePeriodLabel } from './period-label';
import type { ScheduleSteps } from './schedule-steps';

/** 'Scheduled Invoices Due (n)': each active schedule whose next invoice date has come, with Generate for users who may run schedules. */
export function DueCard({ steps }: { steps: ScheduleSteps }) {
  const t = useT(SALES_NAMESPACE);
  const periodLabel = usePeriodLabel();
  const due = useQuery(dueSchedulesQuery);
  if (!due.data?.count) return null;
  const title = t('due.title', { n: due.data.count });
  return (
    <Card.Root as="section" aria-label={title} mb="4" borderColor="orange.solid" bg="orange.subtle">
      <Card.Body gap="3">
        <Heading as="h3" size="md" color="orange.fg">
          {title}
        </Heading>
        <Stack as="ul" gap="2" listStyleType="none">
          {due.data.data.map((schedule) => (
            <Flex as="li" key={schedule._id} justify="space-between" align="center" gap="3" wrap="wrap">
              <Box>
                <Text fontWeight="medium">
                  <bdi>{schedule.customer.customerName}</bdi> - <bdi>{schedule.scheduleName}</bdi>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('due.reference')} <bdi>{schedule.referenceNumber ?? '—'}</bdi> · {t('due.period')}{' '}
                  {periodLabel(schedule.recurringPeriod)} · {t('due.date')}{' '}
                  <bdi>{formatDay(schedule.nextInvoiceDate)}</bdi>
                </Text>
              </Box>
              <Can permission="schedules.run">
                <Button
                  size="sm"
                  colorPalette="orange"
                  aria-label={t('due.generate', { name: schedule.scheduleName })}
                  loading={steps.running('generate', schedule)}
                  onClick={() => steps.request('generate', schedule)}
                >
                  {t('steps.generate.label')}
                </Button>
              </Can>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
