/**
 * Kept for branches started before the split: it re-exports the kernel, the HTTP side and the persistence
 * helpers. New code imports the one it needs (`@lib/core`, `@lib/http`, `@lib/persistence`); domain code may
 * import `@lib/core` only (dependency-cruiser refuses this barrel there).
 */
export * from '@lib/core';
export * from '@lib/http';
export * from '@lib/persistence';
