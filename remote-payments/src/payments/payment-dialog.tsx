import type { Payment } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { DialogShell, Tabs } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { AdvanceForm } from './advance-form';
import { EditPaymentForm } from './edit-payment-form';
import { InvoicePaymentForm } from './invoice-payment-form';

export type PaymentTab = 'advance' | 'invoice';

export interface PaymentDialogProps {
  /** null: closed; 'advance' / 'invoice': a new payment on that tab; a payment: editing it. */
  state: PaymentTab | Payment | null;
  onClose: () => void;
}

/** 'Add New Payment' with the Advance Payment and Invoice Payment tabs, or 'Edit Payment'. */
export function PaymentDialog({ state, onClose }: PaymentDialogProps) {
  const t = useT(PAYMENTS_NAMESPACE);
  const editing = state !== null && typeof state === 'object' ? state : null;
  const tab: PaymentTab = editing
    ? editing.paymentType === 'invoice_payment'
      ? 'invoice'
      : 'advance'
    : state === 'invoice'
      ? 'invoice'
      : 'advance';
  return (
    <DialogShell
      open={state !== null}
      title={editing ? t('dialog.edit') : t('dialog.add')}
      onClose={onClose}
      size="lg"
      closeOnInteractOutside={false}
    >
      {/* Mounted only while open (and keyed by what opened it), so every opening starts fresh. */}
      {state !== null && (
        <Tabs.Root key={editing?._id ?? tab} defaultValue={tab}>
          <Tabs.List mx="6">
            <Tabs.Trigger value="advance" disabled={Boolean(editing) && tab !== 'advance'}>
              {t('dialog.advanceTab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="invoice" disabled={Boolean(editing) && tab !== 'invoice'}>
              {t('dialog.invoiceTab')}
            </Tabs.Trigger>
          </Tabs.List>
          {editing ? (
            <Tabs.Content value={tab} px="0">
              <EditPaymentForm payment={editing} onClose={onClose} />
            </Tabs.Content>
          ) : (
            <>
              <Tabs.Content value="advance" px="0">
                <AdvanceForm onClose={onClose} />
              </Tabs.Content>
              <Tabs.Content value="invoice" px="0">
                <InvoicePaymentForm onClose={onClose} />
              </Tabs.Content>
            </>
          )}
        </Tabs.Root>
      )}
    </DialogShell>
  );
}
