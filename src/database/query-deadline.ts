import { Client, ClientConfig } from 'pg';

/** How often the deadlines are looked at: a stalled query ends between its deadline and this much later. */
export const QUERY_DEADLINE_SWEEP_MS = 250;

/** What pg's client exposes of its query in progress (an internal field, pinned by query-deadline.adapter-spec). */
interface ClientInProgress {
  _activeQuery?: object | null;
  connection?: { stream?: { destroy(error?: Error): void } };
}

interface Watched {
  deadlineMs: number;
  /** The query in progress when last looked at (weakly: a finished query must not be kept alive by this). */
  query: WeakRef<object> | null;
  since: number;
}

/**
 * The client-side bound on a query, for a PostgreSQL that stops answering altogether (a frozen VM, a half-open
 * failover), where the server's own `statement_timeout` never fires: a query still in progress on a connection
 * `deadlineMs` after it was first seen there ends that connection with pg's own "Query read timeout" (the query
 * and any queued behind it fail; the pool drops the connection).
 *
 * pg's `query_timeout` does the same with a timer and two closures per query. Under Node's HTTP server those kept
 * each finished query, its rows and its parsed values alive across two scavenges into the old generation (the API's
 * GET /me at one connection: 1.4 MB promoted per scavenge with it, 0.4 MB without; a ten-line node:http + pg server:
 * 1.9 MB with it, nothing without), so every read paid for them again in mark-compacts. One sweep per process looks
 * at every connection instead and allocates nothing per query.
 */
class QueryDeadlines {
  private readonly clients = new Map<ClientInProgress, Watched>();
  private timer: NodeJS.Timeout | undefined;

  watch(client: ClientInProgress, deadlineMs: number): void {
    this.clients.set(client, { deadlineMs, query: null, since: 0 });
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(performance.now()), QUERY_DEADLINE_SWEEP_MS);
      this.timer.unref();
    }
  }

  forget(client: ClientInProgress): void {
    this.clients.delete(client);
    if (this.clients.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** How many connections are watched (for tests). */
  get size(): number {
    return this.clients.size;
  }

  private sweep(now: number): void {
    for (const [client, watched] of this.clients) {
      const active = client._activeQuery ?? null;
      if (active === null) {
        watched.query = null;
      } else if (watched.query?.deref() !== active) {
        watched.query = new WeakRef(active);
        watched.since = now;
      } else if (now - watched.since >= watched.deadlineMs) {
        watched.query = null;
        client.connection?.stream?.destroy(new Error('Query read timeout'));
      }
    }
  }
}

const deadlines = new QueryDeadlines();

/** How many connections the process's sweep looks at (for tests). */
export function watchedConnectionCount(): number {
  return deadlines.size;
}

/**
 * A pg client class (for the pool's `Client` option) whose queries end "Query read timeout" when PostgreSQL has
 * not answered within `deadlineMs` (up to QUERY_DEADLINE_SWEEP_MS later), as pg's `query_timeout` would.
 */
export function clientWithQueryDeadline(deadlineMs: number): typeof Client {
  return class ClientWithQueryDeadline extends Client {
    constructor(config?: string | ClientConfig) {
      super(config);
      deadlines.watch(this as unknown as ClientInProgress, deadlineMs);
      this.once('end', () => deadlines.forget(this as unknown as ClientInProgress));
    }
  };
}
