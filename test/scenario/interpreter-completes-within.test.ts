// "The command completes within N seconds" claims how the command ended and how soon. Its
// failure names what it got of both: a command its timeout stopped well within the bound
// broke the claim by its ending, and a message with the elapsed time alone (which held) sent
// the reader after a slowness that was not there. A claim of the time alone shows the time.
import t from 'tap';
import { runSpecLines } from './cli-points.js';

const scenario = (title: string, when: string, then: string) => [`#### Scenario: ${title}`, `- **WHEN** ${when}`, `- **THEN** ${then}`, ''];

t.test('a failed "completes within" names the outcome and exit code beside the elapsed time; one that holds passes', async (t) => {
  const { points, byName } = await runSpecLines('completes-within', [
    '# Completes within',
    '',
    '### Requirement: Timing',
    'The command SHALL complete quickly.',
    '',
    ...scenario('stopped', 'the command `sleep 10` runs with a timeout of 1 second', 'the command completes within 5 seconds'),
    ...scenario('in time', 'the command `true` runs with a timeout of 5 seconds', 'the command completes within 4 seconds'),
    ...scenario('too slow', 'the command `sleep 2` runs with a timeout of 10 seconds', 'the command completes within 1 second'),
    ...scenario('failed soon', 'the command `exit 3` runs with a timeout of 5 seconds', 'the command completes successfully within 4 seconds'),
    ...scenario('time alone', 'the command `sleep 2` runs with a timeout of 10 seconds', 'the command takes less than 1 second'),
  ]);
  const message = (part: string) => byName(part)?.diagnostics?.message ?? '';
  t.equal(byName('completes within 5 seconds')?.ok, false, 'stopped by its timeout: not completed', { points });
  t.match(message('completes within 5 seconds'), /; got timeout \(exit code 124\), elapsed \d+ ms$/, 'the outcome that broke the claim, beside the time that held');
  t.equal(byName('completes within 4 seconds')?.ok, true, 'completed well within the bound', { points });
  t.equal(byName('completes within 1 second')?.ok, false, 'completed, but past the bound', { points });
  t.match(message('completes within 1 second'), /; got completed \(exit code 0\), elapsed (\d+) ms$/, 'the outcome held: the time is what broke it');
  t.ok(Number(/elapsed (\d+) ms$/.exec(message('completes within 1 second'))?.[1]) >= 1900, 'the elapsed time shown is the slow one');
  t.equal(byName('completes successfully within 4 seconds')?.ok, false, 'completed soon, with exit code 3', { points });
  t.match(message('completes successfully within 4 seconds'), /; got completed \(exit code 3\), elapsed \d+ ms$/, 'the exit code that broke "successfully"');
  t.equal(byName('takes less than 1 second')?.ok, false, 'a claim of the time alone', { points });
  t.match(message('takes less than 1 second'), /; got elapsed \d+ ms$/, 'shows the time alone: the ending is no part of the claim');
});
