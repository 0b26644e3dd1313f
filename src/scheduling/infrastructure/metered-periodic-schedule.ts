import { PeriodicHandler, PeriodicSchedule } from '../application/periodic-schedule';
import { Metrics } from '../../metrics/metrics';

/** Times and counts every scheduled pass (the lifecycle's, the key sweep), whichever adapter schedules them. */
export class MeteredPeriodicSchedule extends PeriodicSchedule {
  constructor(
    private readonly inner: PeriodicSchedule,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  start(tasks: readonly string[], handler: PeriodicHandler, everyMs: number): Promise<void> {
    return this.inner.start(tasks, (task) => this.metrics.timePass(task, () => handler(task)), everyMs);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
