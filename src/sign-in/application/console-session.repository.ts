import type { ConsoleSession } from '../domain/console-session';

export abstract class ConsoleSessionRepository {
  abstract save(session: ConsoleSession): Promise<void>;
  abstract findBySecretHash(secretHash: string): Promise<ConsoleSession | null>;
  /** "Sign out everywhere", and a member removed: every open session of the user ends. */
  abstract endAllOfUser(userId: string, now: Date): Promise<void>;
  /** When each of these users last signed in (a session began), for the members page. */
  abstract lastSignIns(userIds: readonly string[]): Promise<Map<string, Date>>;
}
