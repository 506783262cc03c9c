import { useRef } from 'react';
import { useCan } from '@admin/shared/auth';
import { PAYABLE_STATUSES, RESOURCES, type Invoice } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, ChevronDownIcon, Portal } from '@admin/shared/ui';
import { Menu } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../../i18n';
import type { InvoiceCorrectionKind } from './api';

export type InvoiceCorrection = 'credit-note' | InvoiceCorrectionKind | 'promise';

const billed = (invoice: Invoice) => invoice.status !== 'draft' && invoice.status !== 'cancelled';

/** Still due with something left to pay: what a write-off or a promise to pay is for. */
export const stillOwes = (invoice: Invoice) =>
  (PAYABLE_STATUSES as readonly string[]).includes(invoice.status) && invoice.remainingAmount > 0;

/**
 * An invoice row's actions in one menu, so the row stays one line wide on a phone: a credit note
 * and cancelling for a billed invoice, writing off and recording a promise to pay while it still
 * owes something; each only for staff who may. No menu when none applies.
 */
export function InvoiceCorrectionsMenu({
  invoice,
  onChoose,
}: {
  invoice: Invoice;
  onChoose: (invoice: Invoice, correction: InvoiceCorrection) => void;
}) {
  const t = useT(SALES_NAMESPACE);
  const { permissions } = RESOURCES.invoices;
  const items = [
    useCan(RESOURCES.creditNotes.permissions.create) && billed(invoice) && ('credit-note' as const),
    useCan(permissions.cancel) && billed(invoice) && ('cancel' as const),
    useCan(permissions.writeOff) && billed(invoice) && invoice.remainingAmount > 0 && ('write-off' as const),
    useCan(permissions.promise) && stillOwes(invoice) && ('promise' as const),
  ].filter((item) => item !== false);
  // The dialog opens once the menu has closed and handed focus back to its button, so the dialog
  // keeps the focus and returns it there.
  const chosen = useRef<InvoiceCorrection | null>(null);
  if (items.length === 0) return null;
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onExitComplete={() => {
        if (chosen.current) onChoose(invoice, chosen.current);
        chosen.current = null;
      }}
    >
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" aria-label={t('correct.menu', { number: invoice.invoiceNumber })}>
          {t('correct.menuShort')} <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="200px">
            {items.map((item) => (
              <Menu.Item
                key={item}
                value={item}
                aria-label={t(`correct.${item}.label`, { number: invoice.invoiceNumber })}
                onSelect={() => (chosen.current = item)}
              >
                {t(`correct.${item}.item`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
