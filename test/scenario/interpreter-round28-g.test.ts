// Round 28, part G: what writers say beside a time claim, read as classes on sentences written for these tests: a
// measurement of their own run in parentheses (left aside, and said so), the time as the timeout plus the grace
// period (checked against the configuration and the time said), "within a few seconds" (a documented bound), a
// second clear bound of the same time, and verbs that give a time its value. Each read both ways through real runs.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';
import { FEW_SECONDS_MS } from '../../src/run/scenario/interpreter/time-claims.js';

const runScenarios = scenariosRunner('Time claims');

t.test('a measurement the writer saw is left aside, and the reading says so; other parentheses are not', (t) => {
  for (const remark of ['(measured: 1.02 s to 1.05 s)', '(we saw 1.031s)', '(observed: 1.2 s, 1.4 s)', '(the report showed Duration: 1.044s)']) {
    const read = reading('Then', `the reported duration is at least 1 second and less than 2 seconds ${remark}`);
    t.match(read ?? '', /line ≥ 1 s .* line < 2 s /, `the claim is read beside ${remark}`);
    t.match(read ?? '', /own measurement .*not checked/, `and the reading names ${remark} as not checked`);
  }
  // Words in the parentheses other than times are no measurement: not dropped.
  t.equal(reading('Then', 'the reported duration is at least 1 second (measured on our CI runner)'), null);
  t.end();
});

t.test('the time as the timeout plus the grace period: the sum said of the time right before it', (t) => {
  for (const said of [
    'the reported duration is about 3 seconds (the 1-second timeout plus the 2-second grace period)',
    'the reported duration is about three seconds: one second of limit plus two of grace',
    'the reported duration is about 3 s — the 1s deadline plus the 2s grace — and the exit code is 137',
    'the reported duration lies between 2.5 and 3.5 seconds, that is the 1 s timeout plus the 2 s grace period',
  ]) t.match(reading('Then', said) ?? '', /a command stopped at its timeout has timeout 1 s \+ grace period 2 s (= 3 s|within 2\.5 s – 3\.5 s)/, said);
  t.match(reading('Then', 'the reported duration is about 3 seconds: the timeout plus the grace period') ?? '', /has timeout \+ grace period = 3 s/, 'terms without numbers are the configuration\'s');
  // A sum that does not add up to the time said is not read as one.
  t.notMatch(reading('Then', 'the reported duration is about 5 seconds (the 1-second timeout plus the 2-second grace period)') ?? '', /stopped at its timeout has/);
  t.end();
});

t.test('the sum against a real run: the configuration and the time both checked', async (t) => {
  const stubborn = (timeout: string, said: string) => blockScenario(`stubborn ${timeout} ${said}`, 'the hook file is', [`- run: "trap '' TERM; sleep 8"`, `  timeout: "${timeout}"`], said);
  await expectBoundVerdicts(t, runScenarios, 'round28g-sum', [
    stubborn('1s', 'the reported duration is about 3 seconds (the 1-second timeout plus the 2-second grace period)'),
    stubborn('2s', 'the reported duration is about 4 seconds (the 1-second timeout plus the 3-second grace period)'),
    stubborn('1s', 'the reported duration is about 3 seconds, the one-second timeout plus the two-second grace period'),
  ], 'grace period', [
    [true, 'killed after its 1 s timeout and 2 s grace: about 3 s, and the sum is the configuration\'s'],
    [false, 'killed at about 4 s as said, but its timeout is 2 s and the grace 2 s, not 1 s and 3 s'],
    [true, 'the sum after a comma'],
  ]);
});

t.test('a measurement beside a bound: the bound decides, the measurement never', async (t) => {
  const timed = (run: string, timeout: string) => blockScenario(`timed ${run} ${timeout}`, 'the hook file is', [`- run: "${run}"`, `  timeout: "${timeout}"`], 'the Duration: line states at least 1 second and less than 2 seconds (measured: 1.01 s to 1.03 s)');
  await expectBoundVerdicts(t, runScenarios, 'round28g-measured', [timed('sleep 8', '1s'), timed('sleep 3', '10s')], 'measured', [
    [true, 'stopped at its 1 s timeout: inside the bounds'],
    [false, 'a 3 s sleep that ends itself: over the upper bound, whatever the writer measured'],
  ]);
});

t.test('"within a few seconds" is at most a documented bound', async (t) => {
  t.equal(FEW_SECONDS_MS, 5000);
  t.match(reading('Then', 'spec-run exec exits with status 124 within a few seconds') ?? '', /the run's elapsed time ≤ 5 s .*"a few seconds" read as at most 5 s/);
  // "a few seconds after it started" says when, not a bound: not read so.
  t.equal(reading('Then', 'the command is stopped a few seconds after it started'), null);
  const stopped = (timeout: string) => blockScenario(`few ${timeout}`, 'the hook file is', ['- run: "sleep 30"', `  timeout: "${timeout}"`], 'spec-run exec exits with status 124 within a few seconds');
  await expectBoundVerdicts(t, runScenarios, 'round28g-few', [stopped('1s'), stopped('8s')], 'a few seconds', [
    [true, 'stopped at 1 s: within a few seconds'],
    [false, 'stopped at 8 s: more than a few seconds'],
  ]);
});

t.test('a second clear bound of the same time is read of the same subject', async (t) => {
  for (const said of ['the reported duration is around 1 second, well under 10 seconds', 'the reported duration is roughly 1 s (far less than 10 s)', 'the reported duration is about 1 second — well below 10 seconds']) {
    t.match(reading('Then', said) ?? '', /line ≈ 1 s .* ∧ the duration on the report's `Duration:` line ≤ 5 s \(clearly under 10 s/, said);
  }
  const slept = (seconds: number, said: string) => blockScenario(`slept ${seconds} ${said}`, 'the hook file is', [`- run: "sleep ${seconds}"`], said);
  await expectBoundVerdicts(t, runScenarios, 'round28g-second-bound', [slept(1, 'the reported duration is around 1 second, well under 10 seconds'), slept(3, 'the reported duration is around 3 seconds, well under 4 seconds')], 'well under', [
    [true, 'a 1 s sleep: about 1 s, and clearly under 10 s'],
    [false, 'a 3 s sleep: about 3 s, but not clearly under 4 s'],
  ]);
});

t.test('verbs that give a time its value', (t) => {
  for (const verb of ['lies', 'stays', 'remains', 'states', 'reads', 'sits']) {
    t.match(reading('Then', `the Duration: line ${verb} between 1 and 2 seconds`) ?? '', /^the duration on the report's `Duration:` line ≥ 1 s .* ≤ 2 s /, verb);
  }
  // Not before a bound: "the duration stays the same" is no time.
  t.equal(reading('Then', 'the duration stays the same'), null);
  t.end();
});
