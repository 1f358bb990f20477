// A would-be caller in a process of its own, for the caller lock's tests: takes the lock of a team's connection
// (waiting for it with `wait`), prints `held` or `busy`, prints `lost` if its session dies, and on a `release`
// line releases the lock, prints `released` and exits. Killing it (kill -9) is the crash the tests drill.
import { takeCallerLock } from '../../src-main/team/caller-lock';
import { parseTeamUrl } from '../../src-main/team/team-url';

const [url = '', connection = '', mode = ''] = process.argv.slice(2);
const lock = await takeCallerLock(parseTeamUrl(url, process.env), connection, { wait: mode === 'wait' });
if (!lock) {
  process.stdout.write('busy\n');
  process.exit(0);
}
process.stdout.write('held\n');
void lock.lost.then(() => process.stdout.write('lost\n'));
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (!line.includes('release')) return;
  void lock.release().then(() => {
    process.stdout.write('released\n');
    process.exit(0);
  });
});
