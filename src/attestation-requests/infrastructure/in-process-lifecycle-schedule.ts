import { Injectable, Logger } from '@nestjs/common';
import { LIFECYCLE_TASKS, LifecycleHandler, LifecycleSchedule } from '../application/lifecycle-schedule';

/** The embedded mode's schedule: a timer in this process; a tick that finds the previous pass running is skipped. */
@Injectable()
export class InProcessLifecycleSchedule extends LifecycleSchedule {
  private readonly logger = new Logger('RequestLifecycle');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  async start(handler: LifecycleHandler, everyMs: number): Promise<void> {
    if (this.timer) throw new Error('the lifecycle schedule is already started');
    const tick = () => {
      if (this.running || this.closed) return;
      this.running = this.runAll(handler).finally(() => (this.running = null));
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

  private async runAll(handler: LifecycleHandler): Promise<void> {
    for (const task of LIFECYCLE_TASKS) {
      if (this.closed) return;
      try {
        await handler(task);
      } catch (error) {
        this.logger.warn(`${task} failed, retried at the next tick: ${(error as Error).message}`);
      }
    }
  }
}
