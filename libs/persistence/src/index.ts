/** Helpers of the adapters: paged queries, LIKE patterns, unique violations, runs of ids, APP_KEY-sealed secrets. */
export * from './fetch-page';
export * from './like-pattern';
export * from './unique-violation';
export * from './sql-ids';
export * from './json-sql';
export * from './unnest-rows';
export * from './save-snapshot';
export * from './app-key-sealer';
