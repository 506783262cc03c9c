import { USER_SORTS } from './users';

/** The sortable columns of each list, shared by the API's whitelist and the screens' headers. */
export const LIST_SORTS = {
  lookups: ['name', 'createdAt'],
  products: ['productName', 'productType', 'productPrice', 'createdAt'],
  customers: [
    'customerName',
    'customerKind',
    'customerNationality',
    'customerCity',
    'status',
    'dateOfCreation',
    'createdAt',
  ],
  invoices: [
    'invoiceNumber',
    'manualInvoiceNumber',
    'referenceNumber',
    'customer',
    'credit',
    'totalAmount',
    'status',
    'dateOfCreation',
    'dueDate',
    'paidAmount',
    'remainingAmount',
  ],
  schedules: [
    'scheduleName',
    'referenceNumber',
    'customer',
    'totalAmount',
    'recurringPeriod',
    'status',
    'nextInvoiceDate',
    'createdAt',
  ],
  payments: ['paymentNumber', 'customer', 'paymentType', 'paymentMode', 'amount', 'referenceNumber', 'paymentDate'],
  creditNotes: ['creditNoteNumber', 'invoice', 'customer', 'reason', 'amount', 'date'],
  cheques: ['chequeNumber', 'customer', 'bank', 'amount', 'chequeDate', 'receivedDate', 'status'],
  balances: ['customerName', 'status', 'createdAt'],
  users: USER_SORTS,
} as const;
