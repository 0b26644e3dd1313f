import { InProcessPeriodicSchedule } from './in-process-periodic-schedule';

const TASKS = ['expire-overdue-requests', 'send-due-reminders', 'renew-due-attestations'];
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('InProcessPeriodicSchedule', () => {
  it('runs every task at start and then at each tick, in order, one pass at a time', async () => {
    const schedule = new InProcessPeriodicSchedule('test');
    const runs: string[] = [];
    let inPass = 0;
    let overlapped = false;
    await schedule.start(
      TASKS,
      async (task) => {
        inPass += 1;
        overlapped ||= inPass > 1;
        runs.push(task);
        await settle(15);
        inPass -= 1;
      },
      10,
    );
    // Wait for two full rounds rather than a fixed time: a loaded machine may run fewer ticks in 200 ms.
    for (let waited = 0; runs.length < 6 && waited < 5_000; waited += 20) await settle(20);
    await schedule.close();
    expect(runs.slice(0, 3)).toEqual(['expire-overdue-requests', 'send-due-reminders', 'renew-due-attestations']);
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(overlapped).toBe(false);
    const afterClose = runs.length;
    await settle(50);
    expect(runs.length).toBe(afterClose);
  });

  it('goes on with the other tasks, and the next tick, when one fails', async () => {
    const schedule = new InProcessPeriodicSchedule('test');
    const runs: string[] = [];
    await schedule.start(
      TASKS,
      async (task) => {
        runs.push(task);
        if (task === 'expire-overdue-requests') throw new Error('database down');
      },
      20,
    );
    await settle(70);
    await schedule.close();
    expect(runs.filter((task) => task === 'renew-due-attestations').length).toBeGreaterThanOrEqual(2);
  });
});
