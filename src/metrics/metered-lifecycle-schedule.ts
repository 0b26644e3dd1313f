import { LifecycleHandler, LifecycleSchedule } from '../attestation-requests/application/lifecycle-schedule';
import { Metrics } from './metrics';

/** Times and counts every lifecycle pass the schedule runs, whichever adapter schedules them. */
export class MeteredLifecycleSchedule extends LifecycleSchedule {
  constructor(
    private readonly inner: LifecycleSchedule,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  start(handler: LifecycleHandler, everyMs: number): Promise<void> {
    return this.inner.start((task) => this.metrics.timePass(task, () => handler(task)), everyMs);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
