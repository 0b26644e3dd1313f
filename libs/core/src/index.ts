/**
 * The kernel: what domain code may use (ids, the clock, domain errors). Plain TypeScript; the dependency-cruiser
 * rule `domain-reaches-only-the-kernel` checks that nothing here, or reachable from here, loads a framework.
 */
export * from './ids';
export * from './clock';
export * from './errors/domain-error';
export * from './detached-work';
export * from './archivable';
export * from './entity';
export * from './required-text';
export * from './locale';
export * from './shared-read';
