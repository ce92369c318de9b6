// Sentences of round 17's fresh measurement's kinds (batch33, batch34) that the interpreter read
// to a meaning other than the writer's: unquoted words became texts sought (an abbreviation, the
// words before a relative clause, a count), an option became a working directory, a file's name
// became a text of the report, a run of lines "from `x` on" became the output being x. Each class
// is read both ways: the wrong reading is gone (read right or left undefined), and the sentence
// it resembled is read as before. Sentences written for these tests (none from a batch).
import t from 'tap';
import { thenParts, whenParts } from '../support/readings.js';

t.test('an option of the executor in code marks is never a working directory', (t) => {
  const parts = whenParts('the configuration is run with the option `--log out/events.jsonl`, the directory `out` not yet existing');
  t.ok(parts !== null && parts.some((p) => p === 'spec-run exec --log out/events.jsonl'), `read as the executor's option: ${JSON.stringify(parts)}`);
  t.notOk(parts?.some((p) => p.startsWith('workdir:')), 'no working directory');
  t.ok(parts?.some((p) => p.startsWith('out does not exist')), 'the directory said missing is missing');
  t.notOk(whenParts('the configuration is run with `--project elsewhere`, the directory `elsewhere` not yet existing')?.some((p) => p.startsWith('workdir:')));
  // A directory set as the working one is still read so.
  t.same(whenParts('a command sets `workdir: sub`, the directory `sub` not yet existing'), ['workdir: sub', 'sub does not exist before the run (it runs in a fresh directory)']);
  t.end();
});

t.test('"w/" and "w/o" are "with" and "without", never texts', (t) => {
  const announced = thenParts('announced w/ `(timeout 2m, from built-in default)`');
  t.ok(announced !== null && announced.every((p) => !p.includes('"w/"')), JSON.stringify(announced));
  t.match(announced?.join(' ') ?? '', /\(timeout 2m, from built-in default\)/);
  t.notOk(thenParts('the job w/o an image prints `x`')?.some((p) => p.includes('"w/o"')));
  // Written in code marks, it is a text as any other.
  t.match(thenParts('the output contains `w/`')?.join(' ') ?? '', /"w\/"/);
  t.end();
});

t.test('a verb of holding in a relative clause makes no text of the words before it', (t) => {
  t.equal(thenParts('each line of the output is the absolute path of the folder which holds the configuration file'), null);
  t.equal(thenParts('the output is the relative path of the directory that contains the project'), null);
  // The verb of the sentence itself still names the texts after it.
  t.match(thenParts('the output contains `x`')?.join(' ') ?? '', /contains "x"/);
  t.end();
});

t.test('a file named before a verb of appearing is no text of the report', (t) => {
  // Since round 31, a file said never to show up is the file, absent after the run (outcome-qualified.ts), never a text.
  t.same(thenParts('`created.txt` never shows up'), ['not (a file created.txt exists after the run (in its directory))']);
  t.equal(thenParts('`result.json` appears'), null);
  t.notOk(thenParts('the runner exits 2 and `made.log` never shows up')?.some((p) => p.includes('"made.log"')));
  t.ok(thenParts('the runner exits 2 and `made.log` never shows up')?.includes('not (a file made.log exists after the run (in its directory))'));
  // A text that is no file's name, or a file's name after the verb, is read as before.
  t.match(thenParts('`hello world` never shows up')?.join(' ') ?? '', /not \(the report contains "hello world"\)/);
  t.match(thenParts('the output shows `run.log`')?.join(' ') ?? '', /contains "run\.log"/);
  // A file's name in a list with no verb of its own is a line of the output, as before.
  t.match(thenParts('the output is `1`, then `notes.txt`, then `sub`')?.join(' ') ?? '', /"notes\.txt"/);
  t.end();
});

t.test('a number before a noun counts things and is no text a message holds', (t) => {
  const counted = thenParts('3 warning lines, one for `a.b`, one for `c.d`, one for `e.f`, each saying `is unknown`');
  t.notOk(counted?.some((p) => p.includes('"3"')), JSON.stringify(counted));
  t.equal(thenParts('the error says 4 things'), null);
  // A number alone as what is shown is still a text.
  t.match(thenParts('the output shows 42')?.join(' ') ?? '', /contains "42"/);
  t.end();
});

t.test('"from `x` on" is a run of lines no fact reads, never the output being x', (t) => {
  t.equal(thenParts('output shows `a`, `b` and nothing from `c` on'), null);
  t.equal(thenParts('the lines from `7` onwards are dropped'), null);
  t.match(thenParts('output shows `a` and `b`')?.join(' ') ?? '', /"a" and "b"/);
  t.end();
});
