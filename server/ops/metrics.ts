// The provider's figures in Prometheus' text format (prom-client): one registry per process, read at GET /metrics.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

/** Where the database and live-stream gauges read their values at each scrape (one per running provider). */
interface Sources {
  pool?: () => { inUse: number; waiting: number; total: number };
  available?: () => boolean;
  streams?: () => { guest: number; staff: number };
}
const sources = new Set<Sources>();

const sum = (pick: (source: Sources) => number | undefined) =>
  [...sources].reduce((total, source) => total + (pick(source) ?? 0), 0);

export const metrics = {
  /** Every answer, by the route's pattern (never the raw path, which holds ids), method and status. */
  requestDuration: new Histogram({
    name: 'amber_http_request_duration_seconds',
    help: 'Time to answer a request (to its headers, for streams), by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  ordersPlaced: new Counter({
    name: 'amber_orders_placed_total',
    help: 'Orders placed (answered 201)',
    registers: [registry],
  }),
  ordersReplayed: new Counter({
    name: 'amber_orders_replayed_total',
    help: 'Orders sent again with an Idempotency-Key already used, answered with the order placed the first time',
    registers: [registry],
  }),
  ordersRefused: new Counter({
    name: 'amber_orders_refused_total',
    help: 'Orders not placed, by the error code answered (invalid, table_key, too_many_requests, unavailable, …)',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  signInFailures: new Counter({
    name: 'amber_sign_in_failures_total',
    help: 'Staff sign-ins refused: bad_credentials (wrong name or password) or throttled (too many attempts)',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  liveStreamsOpen: new Gauge({
    name: 'amber_live_streams_open',
    help: 'Live event streams open on this process, by audience (guest or staff)',
    labelNames: ['audience'] as const,
    registers: [registry],
    collect() {
      this.set(
        { audience: 'guest' },
        sum((source) => source.streams?.().guest),
      );
      this.set(
        { audience: 'staff' },
        sum((source) => source.streams?.().staff),
      );
    },
  }),
  liveEventsSent: new Counter({
    name: 'amber_live_events_sent_total',
    help: 'Events written to live streams (one event sent to ten streams counts ten)',
    registers: [registry],
  }),
  databaseUp: new Gauge({
    name: 'amber_database_up',
    help: '1 while the database answers, 0 from a lost connection until it answers again',
    registers: [registry],
    collect() {
      const watched = [...sources].filter((source) => source.available);
      if (watched.length > 0) this.set(watched.every((source) => source.available?.()) ? 1 : 0);
    },
  }),
  databasePoolInUse: new Gauge({
    name: 'amber_db_pool_in_use',
    help: 'PostgreSQL connections of the pool running a statement or a transaction',
    registers: [registry],
    collect() {
      this.set(sum((source) => source.pool?.().inUse));
    },
  }),
  databasePoolWaiting: new Gauge({
    name: 'amber_db_pool_waiting',
    help: 'Requests waiting for a PostgreSQL connection of the pool (all in use)',
    registers: [registry],
    collect() {
      this.set(sum((source) => source.pool?.().waiting));
    },
  }),
  databasePoolSize: new Gauge({
    name: 'amber_db_pool_connections',
    help: 'PostgreSQL connections the pool holds open, in use or idle',
    registers: [registry],
    collect() {
      this.set(sum((source) => source.pool?.().total));
    },
  }),
  /** Set by the printing queue: `metrics.printJobsWaiting.set(n)` whenever its length changes. */
  printJobsWaiting: new Gauge({
    name: 'amber_print_jobs_waiting',
    help: 'Print jobs queued and not yet printed',
    registers: [registry],
  }),
};

// Node's own figures under their usual names (process_cpu_seconds_total, nodejs_eventloop_lag_seconds, …).
collectDefaultMetrics({ register: registry });

/** A running provider's database and streams, read at each scrape until the returned function is called. */
export function watch(source: Sources): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** Under `npm run serve`: every line of this process's figures carries `worker="n"`. */
export function labelWorker(worker: number): void {
  registry.setDefaultLabels({ worker: String(worker) });
  // The primary's aggregator asks each worker for this registry (prom-client's cluster support); constructing one
  // here is what makes this worker answer those requests.
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
