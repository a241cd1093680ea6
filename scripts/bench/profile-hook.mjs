// Loaded with `--import` into a server the bench starts, never by the server itself: SIGUSR2
// starts the V8 CPU profiler, the next SIGUSR2 stops it and writes the profile to
// $BENCH_PROFILE_DIR/<pid>-<n>.cpuprofile. So a profile covers only the loaded window, not the
// start-up and the idle wait before the load.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (err, out) => (err ? reject(err) : resolve(out))));
  let running = false;
  let count = 0;
  process.on('SIGUSR2', () => {
    const step = running
      ? post('Profiler.stop').then(({ profile }) => {
          count += 1;
          writeFileSync(join(dir, `${process.pid}-${count}.cpuprofile`), JSON.stringify(profile));
        })
      : post('Profiler.enable').then(() => post('Profiler.setSamplingInterval', { interval: 200 })).then(() => post('Profiler.start'));
    running = !running;
    step.catch((err) => console.error(`profile-hook: ${err.message}`));
  });
}
