// The database schema, one file per area under ./schema. drizzle-kit reads this file (drizzle.config.ts).
// Never edit a generated migration in ../../drizzle: change the schema and run `npm run db:generate -w apps/api -- --name <what>`.
export * from './schema/catalogue';
export * from './schema/users';
export * from './schema/uploads';
export * from './schema/accounts';
export * from './schema/addresses';
export * from './schema/rate-limits';
export * from './schema/orders';
export * from './schema/print-files';
export * from './schema/job-leases';
export * from './schema/cart';
export * from './schema/shop-settings';
export * from './schema/coupons';
export * from './schema/unfinished-uploads';
