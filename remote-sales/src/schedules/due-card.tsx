import { useQuery } from '@tanstack/react-query';
import { recurringPeriodLabel } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Box, Button, Card, Flex, Heading, Stack, Text } from '@admin/shared/ui';
import { Can } from '@admin/shared/ui-kit';
import { dueSchedulesQuery } from './api';
import type { ScheduleSteps } from './schedule-steps';

/** 'Scheduled Invoices Due (n)': each active schedule whose next invoice date has come, with Generate for users who may run schedules. */
export function DueCard({ steps }: { steps: ScheduleSteps }) {
  const due = useQuery(dueSchedulesQuery);
  if (!due.data?.count) return null;
  const title = `Scheduled Invoices Due (${due.data.count})`;
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
                  {schedule.customer.customerName} - {schedule.scheduleName}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Ref: {schedule.referenceNumber ?? '—'} · Period: {recurringPeriodLabel(schedule.recurringPeriod)} · Due:{' '}
                  {formatDay(schedule.nextInvoiceDate)}
                </Text>
              </Box>
              <Can permission="schedules.run">
                <Button
                  size="sm"
                  colorPalette="orange"
                  aria-label={`Generate ${schedule.scheduleName}`}
                  loading={steps.running('generate', schedule)}
                  onClick={() => steps.request('generate', schedule)}
                >
                  Generate
                </Button>
              </Can>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
