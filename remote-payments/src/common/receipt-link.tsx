import { receiptNumberOf, type PaymentType } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Link } from '@admin/shared/router';
import { Button } from '@admin/shared/ui';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { receiptPage } from './payments-api';

/** A payment of the ledger as a list shows it: enough to tell whether it has a receipt and to name it. */
interface ReceiptOf {
  _id: string;
  paymentNumber: string;
  paymentType: PaymentType;
  amount: number;
}

/**
 * Whether a payment has a receipt: every payment but a reversal entry (a bounced or returned
 * cheque's, negative without being a refund), which takes money back.
 */
export const hasReceipt = (payment: ReceiptOf) => payment.amount > 0 || payment.paymentType === 'refund';

/**
 * A row's link to a payment's receipt (a refund's voucher), named by its number for assistive
 * technology; `numbered` shows the number too, where a row holds several.
 */
export function ReceiptLink({ payment, numbered = false }: { payment: ReceiptOf; numbered?: boolean }) {
  const t = useT(PAYMENTS_NAMESPACE);
  const refund = payment.paymentType === 'refund';
  const number = receiptNumberOf(payment.paymentNumber, payment.paymentType);
  const name = t(refund ? 'receipt.refundVoucherOf' : 'receipt.receiptOf', { number });
  return (
    <Button asChild size="xs" variant="ghost" aria-label={name}>
      <Link to={receiptPage(payment._id)}>
        {numbered ? name : t(refund ? 'receipt.refundVoucher' : 'receipt.receipt')}
      </Link>
    </Button>
  );
}
