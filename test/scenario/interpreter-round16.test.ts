// Round 16: families of ways writers state one fact, not entries for sentences. Each class is
// tested on sentences written for these tests (none from a batch), read both ways, against real
// runs where a reading could be checked wrongly, and with the sentences it must leave unbound.
import t from 'tap';
import { blockScenario, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 16');

t.test('verbs of keeping a record are verbs of holding a text, of any subject that is a text', (t) => {
  t.equal(reading('Then', 'the report records `Exit Code: 3`'), reading('Then', 'the report shows `Exit Code: 3`'));
  t.equal(reading('Then', 'the report retains `warming`'), reading('Then', 'the report shows `warming`'));
  t.match(reading('Then', 'the output bears `x`') ?? '', /"x"/);
  t.match(reading('Then', 'the report begins with `Error: Command failed` and records `Exit Code: 2`'), /begins with "Error: Command failed" ∧ .*"Exit Code: 2"/);
  // "recorded" of a duration is no text: not read as one.
  t.equal(reading('Then', 'the report records nothing of the sort'), null);
  t.end();
});

t.test("a writer's noun for a problem line or a container names that entity", (t) => {
  t.equal(reading('Then', 'the defect is listed as `stop.defaultTimeout: invalid`'), reading('Then', 'the problem is listed as `stop.defaultTimeout: invalid`'));
  t.equal(reading('Then', 'the second finding names `stop.commands[0].run`'), reading('Then', 'the second problem names `stop.commands[0].run`'));
  t.equal(reading('Then', 'the ctr is removed'), reading('Then', 'the container is removed'));
  t.equal(reading('Then', 'no box was created'), reading('Then', 'no container was created'));
  t.end();
});

t.test('adjectives of place before a part say "last"; alone they say nothing', (t) => {
  t.equal(reading('Then', 'the closing note reads `(Showing 3 of 9 output lines)`'), reading('Then', 'the last note reads `(Showing 3 of 9 output lines)`'));
  t.equal(reading('Then', 'the final problem names `x`'), reading('Then', 'the last problem names `x`'));
  t.equal(reading('Then', 'the concluding line is `x`'), reading('Then', 'the last line is `x`'));
  t.equal(reading('Then', 'the final straw is `x`'), null);
  t.end();
});

t.test('JSON members held by a line, an object, a record or "it" are a line of the --log file', (t) => {
  t.equal(reading('Then', 'the object carries `"event":"timeout"`, `"exitCode":124`'), 'one line of the --log file holds "event":"timeout", "exitCode":124');
  t.equal(reading('Then', 'it records `"signal":"SIGTERM"`'), 'one line of the --log file holds "signal":"SIGTERM"');
  t.equal(reading('Then', 'line 3 has `"timeout":"2s"`'), 'line 3 of the --log file holds "timeout":"2s"');
  // Every line, no line, a line by an ordinal, a report or a command holding them, or texts that are no JSON members: not this reading.
  // "the third line has …" is line 3 of it (round 29).
  t.equal(reading('Then', 'the third line has `"a":1`'), 'line 3 of the --log file holds "a":1');
  for (const sentence of ['every entry has `"event":"timeout"`', 'no line has `"event":"timeout"`', 'the report has `"event":"timeout"`', 'the command holds `"exitCode":1`', 'line 4, column 2 has `"a":1`']) {
    t.equal(reading('Then', sentence), null, sentence);
  }
  t.notMatch(reading('Then', 'that line has `Exit Code: 1`') ?? '', /--log/);
  t.end();
});

t.test('a place of the configuration file as the subject of a verb of holding is the error at that place', (t) => {
  const said = reading('Then', 'the error at line 3, column 9 says `stop.commands[0].timeout`');
  t.equal(reading('Then', 'line 3, column 9 gets `stop.commands[0].timeout`'), said);
  t.equal(reading('Then', 'the finding at line 3, column 9 reads `stop.commands[0].timeout`'), said);
  // A line without its column is no place of the file alone; another verb is not one of holding.
  t.equal(reading('Then', 'line 3 gets `stop.commands[0].timeout`'), null);
  t.equal(reading('Then', 'line 3, column 9 is `stop.commands[0].timeout`'), null);
  t.end();
});

t.test('a note said before (above, ahead of) the report by a verb of showing or saying is among the notes before it', (t) => {
  const notes = 'the command\'s notes (between its announcement and its report) contain "mapped"';
  t.equal(reading('Then', 'a note `mapped` is printed before the report'), notes);
  t.equal(reading('Then', 'a note `mapped` appears prior to the report'), notes);
  t.equal(reading('Then', 'a note before its report says `mapped`'), notes);
  t.equal(reading('Then', 'no note `mapped` is printed before the report'), null);
  t.end();
});

t.test("a refused configuration's problems in file order", (t) => {
  t.equal(reading('Then', 'the problems are listed in file order'), "the configuration's problem lines stand in the order of their places in the file");
  t.equal(reading('Then', 'two defect lines appear beneath the heading, in the order of their lines in the file'), "the configuration's problem lines (2 of them) stand in the order of their places in the file");
  t.equal(reading('Then', 'the error lines are sorted by line'), "the configuration's problem lines stand in the order of their places in the file");
  // Of commands, of errors that may be a command's, or denied: not this fact.
  t.equal(reading('Then', 'the commands run in file order'), null);
  t.equal(reading('Then', 'the errors come in the order of the file'), null);
  t.equal(reading('Then', 'the problems are not in file order'), null);
  t.end();
});

t.test('a thing of the run between texts said in order leaves them unread; a printed path is a whole line', (t) => {
  t.equal(reading('Then', 'the announcement reads `[1/1] host: ` followed by the command and `(timeout 9s, from command)`'), null);
  t.equal(reading('Then', 'the report shows `a` followed by `b`'), 'the report contains "a" and "b", in this order');
  t.match(reading('Then', 'it prints `/srv/app`'), /a line printed on stdout or stderr is "\/srv\/app" \(a path printed is a whole line/);
  // Denied, a path is in no line at all; a text that is no path is in a line.
  t.match(reading('Then', 'it does not print `/srv/app`'), /not \(a line printed on stdout or stderr contains "\/srv\/app"/);
  t.match(reading('Then', 'it prints `ready`'), /contains "ready"/);
  t.end();
});

t.test('the executor named as who finished the command is no completion: left unbound (round 16 read it as "ran to its end")', (t) => {
  for (const sentence of ['after 2 seconds the command is finished by the executor with the signal SIGTERM', 'the job is completed by the executor after its timeout']) {
    t.equal(reading('Then', sentence), null, sentence);
  }
  t.match(reading('Then', 'the command finishes on its own') ?? '', /outcome == completed/);
  t.end();
});

t.test('through the CLI: each class holds where true and fails where not', async (t) => {
  const timedOut = ['commands:', '  - run: "echo waiting; sleep 20"', '    timeout: 1s'];
  const refused = ['defaultTimeout: 45', 'commands:', '  - run: "echo a"', '    timeout: "3x"'];
  const { points, passes, byName } = await runScenarios('round16', [
    sectionScenario('a log said by whoever runs it', 'the maintainer runs this file with `--log out/ev.jsonl`, in a folder where `out` does not exist yet', timedOut, '`out/ev.jsonl` is created and holds exactly one line', 'that line has `"event":"timeout"`, `"exitCode":124`'),
    sectionScenario('a log, the wrong member', 'we run this with `--log ev.jsonl`, `ev` not existing yet', timedOut, 'the object records `"event":"memory-limit"`'),
    blockScenario('recorded', 'the only command is', ['- run: "exit 3"'], 'the report records `Exit Code: 3`'),
    blockScenario('recorded, not', 'the only command is', ['- run: "exit 3"'], 'the report retains `Exit Code: 4`'),
    sectionScenario('a place gets its error', 'the section is', refused, 'line 2, column 19 gets `stop.defaultTimeout: invalid duration 45`'),
    sectionScenario('another place', 'the section is', refused, 'line 4, column 19 gets `stop.defaultTimeout: invalid duration 45`'),
    sectionScenario('file order', 'the section is', refused, 'the problems are listed in file order'),
    sectionScenario('file order, more', 'the section is', refused, 'three defect lines are listed beneath the heading, in file order'),
    blockScenario('a note before', 'the only command is', ['- run: "pwd"', '  workdir: /tmp'], 'a note `workdir /tmp is outside the project` is printed before the report', 'it prints `/tmp`'),
    blockScenario('no such note', 'the only command is', ['- run: "pwd"', '  workdir: /tmp'], 'a note `image alpine mapped` is printed before the report'),
    blockScenario('a path in a line', 'the only command is', ['- run: "echo /tmp/elsewhere"'], 'it prints `/tmp`'),
  ]);
  t.ok(passes('out/ev.jsonl is created and holds exactly one line'), 'the --log the condition named, in a directory made for it', { points });
  t.ok(passes('that line has "event":"timeout"'), "the log's line holds the members");
  t.equal(byName('the object records "event":"memory-limit"')?.ok, false, 'no line of the log is a memory-limit event');
  t.ok(passes('the report records Exit Code: 3'));
  t.equal(byName('the report retains Exit Code: 4')?.ok, false);
  t.ok(passes('line 2, column 19 gets'), 'the error at the place of defaultTimeout');
  t.equal(byName('line 4, column 19 gets')?.ok, false, 'no error at line 4, column 19 names defaultTimeout');
  t.ok(passes('the problems are listed in file order'));
  t.equal(byName('three defect lines are listed')?.ok, false, 'two problems, not three');
  t.ok(passes('a note workdir /tmp is outside the project is printed before the report'));
  t.ok(passes('it prints /tmp'), 'pwd prints the path as its line');
  t.equal(byName('a note image alpine mapped is printed')?.ok, false);
  // The two scenarios that say it: `pwd` in /tmp prints the path as its line; `echo /tmp/elsewhere` prints no line that is /tmp.
  t.same(points.filter((p) => p.name.includes('it prints /tmp')).map((p) => p.ok), [true, false], 'a line holding more than the path is not the path printed');
});
