// Every table of the product, one file per area. Add a line here when an area adds a schema file.
export * from './auth';
export * from './masters';
export * from './sales';
export * from './payments';
export * from './cheques';
export * from './audit';
export * from './figures';
export * from './settings';
export * from './documents';
export * from './mail';
export * from './reminders';
export * from './approvals';
export * from './period-lock';
