/** Helpers of the TypeORM adapters: paging queries, LIKE patterns, unique-violation checks, runs of ids for set-based statements. */
export * from './fetch-page';
export * from './like-pattern';
export * from './unique-violation';
export * from './sql-ids';
export * from './json-sql';
export * from './unnest-rows';
export * from './save-snapshot';
