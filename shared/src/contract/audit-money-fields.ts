// A module of its own, without the audit log's schemas: every area hands this list to the page
// as it loads (area-contract.ts), and its dashboard widgets need no validation library.
/** Fields whose values are money in fils: the screens show them in KD. */
export const AUDIT_MONEY_FIELDS = [
  'productPrice',
  'unitPrice',
  'totalAmount',
  'paidAmount',
  'remainingAmount',
  'amount',
  'advanceUsed',
  'remainingAmountPaid',
  'advanceBalance',
] as const;
