import { Global, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { ScheduledPasses } from './application/scheduled-passes';
import { scheduledPassesModule } from './scheduled-passes.module';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Injectable()
class CountingPasses extends ScheduledPasses {
  readonly tasks = ['first', 'second'];
  readonly runs: string[] = [];
  async run(task: string): Promise<number> {
    this.runs.push(task);
    return 1;
  }
}

@Module({})
class CountingModule {}

/** What every scheduling module finds in the application: its configuration (no Redis: a timer) and the metrics. */
@Global()
@Module({
  providers: [
    { provide: AppConfig, useValue: new AppConfig({ REDIS_URL: '' }) },
    { provide: Metrics, useValue: new Metrics() },
  ],
  exports: [AppConfig, Metrics],
})
class ApplicationStub {}

describe('scheduledPassesModule', () => {
  it('runs the passes once the application is up, every interval, and no more once it is closed', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ApplicationStub,
        scheduledPassesModule(CountingModule, { passes: CountingPasses, imports: [], queue: 'test', everyMs: 10 }),
      ],
    }).compile();
    const passes = moduleRef.get(CountingPasses);
    expect(passes.runs).toEqual([]);
    const app = await moduleRef.createNestApplication().init();
    for (let waited = 0; passes.runs.length < 4 && waited < 5_000; waited += 20) await settle(20);
    await app.close();
    expect(passes.runs.slice(0, 4)).toEqual(['first', 'second', 'first', 'second']);
    const afterClose = passes.runs.length;
    await settle(50);
    expect(passes.runs.length).toBe(afterClose);
  });
});
