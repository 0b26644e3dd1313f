/** Helpers of the TypeORM adapters: paging queries, LIKE patterns, unique-violation checks. */
export * from './fetch-page';
export * from './like-pattern';
export * from './unique-violation';
