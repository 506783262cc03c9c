import type { OutboxStatus } from '@admin/shared/contract';
import { StatusChip } from '@admin/shared/ui-kit';
import type { Translate } from '../i18n';

const STATUS_COLORS: Record<OutboxStatus, string> = { queued: 'orange', sending: 'blue', sent: 'green', failed: 'red' };

/** A message's status as a chip in the screen's words. */
export function MailStatus({ status, t }: { status: OutboxStatus; t: Translate }) {
  return <StatusChip status={status} label={t(`mail.status.${status}`)} colorPalette={STATUS_COLORS[status]} />;
}
