// Round 33's part M: signals a When sends spec-run exec after its first interrupt, each timed from the one before
// (later-signals.ts), sent in the run (a second signal kills what runs, and spec-run exec exits with the first signal's
// status), and Thens timed from the second signal. Sentences written for these tests, read both ways through real runs.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Later signals');
const deaf = [`- run: "trap '' TERM; echo deaf; sleep 20"`];

t.test('a later signal is read in several shapes, and only after a first with its own time', async (t) => {
  t.match(reading('When', 'spec-run exec is sent SIGINT 1 s after it started and SIGTERM half a second after that'), /SIGINT 1 s after it started; then SIGTERM 500 ms after the signal before/);
  t.match(reading('When', 'spec-run exec is sent SIGINT 2 s after it started, and 0.5 s later SIGTERM'), /SIGINT 2 s after it started; then SIGTERM 500 ms/);
  t.match(reading('When', 'spec-run exec is sent SIGINT 1 s after it started and SIGTERM a further 0.5 s later'), /then SIGTERM 500 ms/);
  t.match(reading('When', 'spec-run exec is sent SIGINT 1 s after it started and is sent SIGINT again 700 ms later'), /then SIGINT 700 ms/);
  t.equal(reading('When', 'spec-run exec is sent SIGINT and SIGTERM half a second after that'), null, 'the first has no time');
  t.equal(reading('When', 'spec-run exec is sent SIGINT 1 s after it started and SIGTERM half a second (1 s) after that'), null, 'a time said twice, differently');
  t.equal(reading('When', 'spec-run exec is sent SIGINT 1 s after it started and is sent SIGTERM again 0.5 s later'), null, '"again" of another signal');
  t.equal(reading('Then', 'spec-run exec exits within 1 s of the third signal with status 130'), null, 'a third signal is not read');
});

t.test('a second signal: spec-run exec exits at once with the first signal\'s status', async (t) => {
  const when = 'spec-run exec runs the configuration below, is sent SIGINT 1 s after it started and SIGTERM half a second after that';
  await expectBoundVerdicts(t, run, 'round33m-second', [
    blockScenario('true', when, deaf, 'spec-run exec exits with status 130 within 1 s of the second signal'),
    blockScenario('other status', when, deaf, 'spec-run exec exits with status 143 within 1 s of the second signal'),
    blockScenario('too soon', 'spec-run exec runs the configuration below, is sent SIGINT 1 s after it started and SIGTERM two seconds after that', deaf, 'spec-run exec exits with status 130 within 1 s of the signal'),
  ], 'signal', [
    [true, 'it exits within 1 s of the second signal, with 130'],
    [false, '143 is the second signal\'s status, not the one it exits with'],
    [false, 'the first signal was over 2 s before its end: "the signal" is the first'],
  ]);
});

t.test('a later signal the run does not reach is no run of the scenario', async (t) => {
  // The command stops on SIGINT at once: spec-run exec has ended before the SIGTERM, so no verdict is this scenario's.
  const { points } = await run('round33m-late', [blockScenario('ended', 'spec-run exec runs the configuration below, is sent SIGINT 1 s after it started and SIGTERM 2 s after that', ['- run: "echo quick; sleep 20"'], 'spec-run exec exits with status 130 within 1 s of the second signal')]);
  t.ok(points.some((p) => !p.ok), 'not passed', { points });
});

t.test('a status said again as the first signal\'s: the first signal is checked to be that one', async (t) => {
  t.match(reading('Then', 'spec-run exec exits within 1 s of the second signal with status 130, that of the first signal'), /∧ the first signal spec-run exec was sent is SIGINT/);
  t.equal(reading('Then', 'spec-run exec exits with status 2, that of the first signal'), null, 'no interrupt exits with 2');
  await expectBoundVerdicts(t, run, 'round33m-first', [
    blockScenario('true', 'spec-run exec runs the configuration below, is sent SIGINT 1 s after it started, and 0.5 s later SIGTERM', deaf, 'spec-run exec exits within 1 s of the second signal with status 130, the status of the first signal'),
    blockScenario('order turned', 'spec-run exec runs the configuration below, is sent SIGTERM 1 s after it started, and 0.5 s later SIGINT', deaf, 'spec-run exec exits within 1 s of the second signal with status 130, the status of the first signal'),
  ], 'first signal', [
    [true, 'SIGINT came first: 130'],
    [false, 'SIGTERM came first: it exits with 143'],
  ]);
});

t.test('launched in the background and signalled: launched, a time said again in figures once', async (t) => {
  t.match(reading('When', 'spec-run exec is launched in the background and sent SIGINT two seconds (2 s) later'), /spec-run exec is sent SIGINT 2 s after it started/);
  t.equal(reading('When', 'spec-run exec is launched in the background and sent SIGINT two seconds (3 s) later'), null, 'two times that disagree');
  await expectBoundVerdicts(t, run, 'round33m-background', [
    blockScenario('true', 'spec-run exec is launched in the background on the configuration below and sent SIGINT one second (1 s) later and SIGTERM half a second (0.5 s) after that', deaf, 'spec-run exec exits within 1 s of the second signal with status 130'),
    blockScenario('false', 'spec-run exec is launched in the background on the configuration below and sent SIGINT one second (1 s) later and SIGTERM half a second (0.5 s) after that', deaf, 'spec-run exec exits within 1 s of the second signal with status 143'),
  ], 'second signal', [
    [true, 'exits with the first signal\'s status'],
    [false, 'not with the second\'s'],
  ]);
});
