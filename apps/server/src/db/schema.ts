/**
 * Every table, in one file per owning module; client.ts and drizzle-kit (drizzle.config.ts) read
 * them all through this one. Column enums come from the contract, so a new role or status is
 * added in one place.
 */
export * from './tables/account-devices.js';
export * from './tables/accounts.js';
export * from './tables/audit-log.js';
export * from './tables/courses.js';
export * from './tables/enrollments.js';
export * from './tables/exams.js';
export * from './tables/idempotency.js';
export * from './tables/marking.js';
export * from './tables/questions.js';
export * from './tables/reports.js';
export * from './tables/resources.js';
export * from './tables/signin-throttle.js';
export * from './tables/streaming.js';
export * from './tables/submissions.js';
export * from './tables/watch-time.js';
