import { Injectable, Logger } from '@nestjs/common';
import { PeriodicHandler, PeriodicSchedule } from '../application/periodic-schedule';

/** The embedded mode's schedule: a timer in this process; a tick that finds the previous pass running is skipped. */
@Injectable()
export class InProcessPeriodicSchedule extends PeriodicSchedule {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(queueName: string) {
    super();
    this.logger = new Logger(`PeriodicSchedule:${queueName}`);
  }

  async start(tasks: readonly string[], handler: PeriodicHandler, everyMs: number): Promise<void> {
    if (this.timer) throw new Error('the schedule is already started');
    const tick = () => {
      if (this.running || this.closed) return;
      this.running = this.runAll(tasks, handler).finally(() => (this.running = null));
    };
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
    setImmediate(tick);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async runAll(tasks: readonly string[], handler: PeriodicHandler): Promise<void> {
    for (const task of tasks) {
      if (this.closed) return;
      try {
        await handler(task);
      } catch (error) {
        this.logger.warn(`${task} failed, retried at the next tick: ${(error as Error).message}`);
      }
    }
  }
}
