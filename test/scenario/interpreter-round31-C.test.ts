// Round 31, part C: claims of the run's outcome with a qualifier, a negation or a contrast attached (outcome-qualified.ts):
// what it did without running ("exits with 2 without running anything", "… without running `a` or `b`"), an appositive
// naming whose status it is ("…, the exit status of the second command"), a contrast denying another value ("…, not 124"),
// a concession or "yet" set against it ("…, although a later one succeeded"), and a file said never to come to be beside
// it ("… and the file `done-flag` has not been created"). Each part checked; sentences written for these tests, read both
// ways through real runs, and left unread where a part of them is no claim read.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 31 outcome qualified');

t.test('an outcome without running: nothing at all, the commands named, the subject itself', async (t) => {
  t.match(reading('Then', 'the executor stops with status 2 without executing anything at all'), /exit status == 2 ∧ no command ran$/);
  t.match(reading('Then', 'spec-run exec exits with code 2, without starting `touch a.txt` or `touch b.txt`'), /exit status == 2 ∧ `touch a\.txt` never ran ∧ `touch b\.txt` never ran$/);
  t.match(reading('Then', 'the step ends with exit code 125 without having run'), /exit code == 125 ∧ the command's line never ran/);
  for (const said of [
    // Something not run in words no clause reads; spec-run exec said not to have run itself; no status claimed.
    'spec-run exec exits with 2 without running the build',
    'spec-run exec exits with 2 without having run',
    'the output is empty without running anything',
  ])
    t.equal(reading('Then', said), null, said);

  const bad = ['commands:', '  - run: "touch a.txt"', '  - run: "touch b.txt"', '    timeout: 1 fortnight'];
  const good = ['commands:', '  - run: "touch a.txt"', '  - run: "touch b.txt"'];
  const missing = ['- run: "pwd"', '  workdir: not-here'];
  await expectBoundVerdicts(t, run, 'round31-without', [
    sectionScenario('refused', 'the executor is given this configuration', bad, 'the configuration is rejected', 'the executor stops with status 2 without executing anything at all'),
    sectionScenario('ran', 'the executor is given this configuration', good, 'the executor stops with status 0 without executing anything at all'),
    sectionScenario('refused named', 'the executor is given this configuration', bad, 'the configuration is rejected', 'spec-run exec exits with code 2, without starting `touch a.txt` or `touch b.txt`'),
    sectionScenario('ran named', 'the executor is given this configuration', good, 'spec-run exec exits with code 0, without starting `touch a.txt` or `touch b.txt`'),
    blockScenario('no workdir', 'you run this configuration', missing, 'the step ends with exit code 125 without having run'),
  ], 'without', [
    [true, 'a refused configuration runs nothing'],
    [false, 'the commands ran: "without executing anything" is false though the status holds'],
    [true, 'neither named command ran'],
    [false, 'both named commands ran'],
    [true, 'a command whose working directory is missing never runs, 125'],
  ]);
});

t.test('an appositive naming whose status it is, and a contrast denying another value', async (t) => {
  t.match(reading('Then', 'the executor ends with status 5, the exit status of the second command'), /exit status == 5 ∧ the command 2: exit code == 5$/);
  t.match(reading('Then', 'spec-run exec exits with 5, the first failure, and not with 124'), /the first failed command == 5 \(not 124: ruled out by that status\)$/);
  // The value denied is the one claimed: a fact and its denial.
  t.equal(reading('Then', 'spec-run exec exits with 5, the first failure, not with 5'), null);

  const two = ['- run: "exit 5"', '- run: "sleep 3"', '  timeout: 1s'];
  await expectBoundVerdicts(t, run, 'round31-apposed', [
    blockScenario('second', 'you run this configuration', ['- run: "echo ok"', '- run: "exit 5"'], 'the executor ends with status 5, the exit status of the second command'),
    blockScenario('first', 'you run this configuration', ['- run: "exit 5"', '- run: "exit 6"'], 'the executor ends with status 5, the exit status of the second command'),
    blockScenario('first failure', 'you run this configuration', two, 'spec-run exec exits with 5, the first failure, and not with 124'),
    blockScenario('timeout first', 'you run this configuration', ['- run: "sleep 3"', '  timeout: 1s', '- run: "exit 5"'], 'spec-run exec exits with 5, the first failure, and not with 124'),
  ], 'exit', [
    [true, 'the second command exited with 5, and so did the run'],
    [false, 'the run exits with the first failure, 5, but the second command exited with 6'],
    [true, 'the first failure is 5; the later timeout does not set the status'],
    [false, 'the timeout came first: the run exits with 124'],
  ]);
});

t.test('a concession or "yet" set against the outcome: a claim of its own', async (t) => {
  t.match(reading('Then', 'the runner exits with 7, the exit code of the first failing step, although a later step succeeded'), /the first failed command ∧ a command after the first failed one succeeds/);
  t.match(reading('Then', 'the second still runs and times out with `124`, yet spec-run exec exits with `7`'), /command 2: outcome == timeout, exit code == 124 ∧ spec-run exec's exit status == 7$/);
  for (const said of [
    // "later" with no first failure it is later than; the same measure given a second value by the concession.
    'the run exits with 124, although a later command succeeded',
    'the exit code is 124, although the command exited with 0',
  ])
    t.equal(reading('Then', said), null, said);

  await expectBoundVerdicts(t, run, 'round31-conceded', [
    blockScenario('later passes', 'you run this configuration', ['- run: "exit 7"', '- run: "echo fine"'], 'the runner exits with 7, the exit code of the first failing step, although a later step succeeded'),
    blockScenario('later fails', 'you run this configuration', ['- run: "exit 7"', '- run: "exit 8"'], 'the runner exits with 7, the exit code of the first failing step, although a later step succeeded'),
  ], 'runner exits', [
    [true, 'the later command passed'],
    [false, 'the later command failed too: the concession is false'],
  ]);
  const { points } = await run('round31-yet', [
    blockScenario('yet', 'you run this configuration', ['- run: "exit 7"', '- run: "sleep 3"', '  timeout: 1s'], 'the second still runs and times out with `124`, yet spec-run exec exits with `7`'),
    blockScenario('yet not', 'you run this configuration', ['- run: "exit 7"', '- run: "sleep 3"', '  timeout: 1s'], 'the second still runs and times out with `124`, yet spec-run exec exits with `124`'),
  ]);
  const yet = points.filter((p) => p.name.includes('yet spec-run'));
  t.same(yet.map((p) => [p.ok, p.todo === undefined]), [[true, true], [false, true]], 'the first failure sets the status; the timeout after it does not', { points });
});

t.test('a file said never to come to be, beside the outcome', async (t) => {
  t.match(reading('Then', 'spec-run exec exits with status 2, and the file `done-flag` has not been created'), /exit status == 2 ∧ (?:no file done-flag exists|not \(a file done-flag exists) after the run/);
  t.match(reading('Then', 'the runner exits 2 and `done.txt` never appears'), /exit status == 2 ∧ not \(a file done\.txt exists after the run/);
  // A thing named and said to be created is a file (a command is run, never created), never a command said to run.
  t.match(reading('Then', '`done-flag` is not created'), /^not \(a file done-flag exists after the run/);
  t.equal(reading('Then', '`sleep 5` is not created'), null);

  const bad = ['commands:', '  - run: "touch done-flag"', '  - run: "echo x"', '    timeout: 1 fortnight'];
  const good = ['commands:', '  - run: "touch done-flag"'];
  await expectBoundVerdicts(t, run, 'round31-file', [
    sectionScenario('refused', 'the executor is given this configuration', bad, 'the configuration is rejected', 'spec-run exec exits with status 2, and the file `done-flag` has not been created'),
    sectionScenario('made', 'the executor is given this configuration', good, 'spec-run exec exits with status 0, and the file `done-flag` has not been created'),
    sectionScenario('refused bare', 'the executor is given this configuration', bad, 'the configuration is rejected', '`done-flag` is not created, and spec-run exec exits with 2'),
    sectionScenario('made bare', 'the executor is given this configuration', good, '`done-flag` is not created, and spec-run exec exits with 0'),
  ], 'done-flag', [
    [true, 'a refused configuration makes no file'],
    [false, 'the command ran and made the file'],
    [true, 'a name without an extension said not created: no such file'],
    [false, 'the file was made'],
  ]);
});
