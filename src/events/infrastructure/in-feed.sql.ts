import { TEST_EVENT_TYPE } from '../domain/event-type';

/**
 * The condition that keeps an event in the feed (every event but the webhook test), on the events row named
 * `alias`: word for word the predicate of the partial index `events_in_feed`, so that PostgreSQL uses it.
 */
export function inFeed(alias: string): string {
  return `${alias}.type <> '${TEST_EVENT_TYPE}'`;
}
