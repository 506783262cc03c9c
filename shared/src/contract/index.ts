// The contract shared by the browser and the API: one set of schemas, one set of messages.
export * from './common';
export * from './list-order';
export * from './platform';
export * from './auth';
export * from './lookups';
export * from './customers';
export * from './products';
export * from './invoices';
export * from './schedules';
export * from './payments';
export * from './balances';
export * from './dashboard';
export * from './receivables';
export * from './permissions';
export * from './users';
export * from './audit';
