// Preloaded (`node -r`) by `npm run bench` when BENCH_CPU_PROFILE is set: profiles the process from start and
// writes a .cpuprofile (Chrome DevTools / speedscope format) into that directory when it is told to stop. Node's own
// --cpu-prof writes only on a normal exit, and the API exits by re-raising SIGTERM after its shutdown hooks.
'use strict';
const directory = process.env.BENCH_CPU_PROFILE;
if (directory) {
  const inspector = require('node:inspector');
  const { writeFileSync, mkdirSync } = require('node:fs');
  const { join } = require('node:path');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // An in-thread session answers synchronously, so this completes inside the signal handler.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, `${process.env.BENCH_CPU_PROFILE_NAME || 'api'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.prependListener('SIGTERM', write);
  process.prependListener('SIGINT', write);
  process.on('exit', write);
}
