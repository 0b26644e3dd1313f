/** Helpers of the TypeORM adapters: paging queries, LIKE patterns, unique-violation checks, ids made in SQL. */
export * from './fetch-page';
export * from './like-pattern';
export * from './unique-violation';
export * from './sql-ids';
