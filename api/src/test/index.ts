// The API tests' kit: the app on a fresh database, sessions, the usual records, the ledger, the served web platform.
export * from './harness';
export * from './ledger';
export * from './masters';
export * from './requests';
export * from './second-instance';
export * from './random-ledger';
export * from './request-fields';
export * from './kept-plans';
export * from './web-platform';
