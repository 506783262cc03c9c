// A customer's status, apart from the customers' schemas: the host's reminder settings name the
// statuses, and this keeps the customers' messages out of the host's build.
export const CUSTOMER_STATUSES = ['high', 'medium', 'low'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const DEFAULT_CUSTOMER_STATUS: CustomerStatus = 'medium';
