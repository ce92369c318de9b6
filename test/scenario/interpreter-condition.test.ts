// A scenario's `When …:` paragraph beside its YAML block: read, it sets up the run; not
// read, its Thens are checked only where it says nothing the block does not set up.
// Paraphrases written for these tests (none from a batch), both ways.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { conditionUse, type ConditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { scratchDirectory } from '../support/scratch.js';

const yaml = 'stop:\n  commands:\n    - run: "ls; cat notes.md"\n      timeout: 3s\n      maxOutputLines: 4\n';
/** TEXT's condition as a scenario holds it: its code spans apart from its plain text. */
const use = (text: string, block: string | null = yaml): ConditionUse => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml: block });

t.test('a paragraph that only describes the configured commands restates the block, however loosely', (t) => {
  for (const text of [
    'When a command lists the directory and reads a note far beyond what it needs:',
    'When one sloppy command outlives nothing in particular:',
    'When a file asks for four lines at most:',
    'When the command hands files around through the project directory:',
    'When the configuration has a command with `cat notes.md` in it:',
    'When a command without `workdir` runs:',
    'When spec-run exec runs this configuration, whose command is `ls; cat notes.md`:',
  ]) {
    const got = use(text);
    t.not(got.kind, 'unsaid', text, { got });
  }
  t.end();
});

t.test('a paragraph that says what no configuration holds is never dropped: read and set up, or its Thens wait', (t) => {
  const cases: [string, RegExp][] = [
    ['When the project holds a file `notes.md` with the text `draft two`:', /draft two|file or directory/],
    ['When a directory `data` that has a subdirectory `raw` sits beside the configuration:', /data|raw/],
    ['When the executor is started with `--project elsewhere` on this file:', /--project elsewhere/],
    ['When spec-run exec is run with --log trail.jsonl:', /--log/],
    ['When spec-run exec receives SIGTERM halfway through the command:', /signal/],
    ['When the run is interrupted a second after it begins:', /signal/],
    ['When the shell that starts spec-run exec has exported DEBUG=1:', /DEBUG=1|environment/],
    ['When this configuration is given to two consecutive runs:', /another run/],
    ['When the command reads `/etc/motd` after a slow start:', /\/etc\/motd/],
    // Said absent although the block has it: the paragraph contradicts the block.
    ['When a command without `maxOutputLines` runs:', /maxOutputLines/],
  ];
  for (const [text, says] of cases) {
    const got = use(text);
    t.not(got.kind, 'restates', text, { got });
    if (got.kind === 'unsaid') t.match(got.says.join('; '), says, text);
  }
  t.equal(use('When a command sleeps in the project:', null).kind, 'unsaid', 'a paragraph not read with no block at all sets up nothing');
  t.end();
});

t.test('a paragraph read sets up the run; its keyword and colon are not words to read', (t) => {
  const got = use('When a command prints 5 lines:');
  t.equal(got.kind, 'read', 'the keyword "When" is no word of the clause');
  const files = use('When the project directory holds a file `notes.md` with the text `draft two`:');
  t.match(files, { kind: 'read', parts: [{ text: 'the project directory holds notes.md containing "draft two"' }] }, 'a file and the text it holds, not a message');
  t.end();
});

t.test('the Thens of a scenario whose paragraph says more than its block are not read, naming the words', (t) => {
  const condition = { text: 'When a directory data that has a subdirectory raw sits beside the configuration:', code: ['data', 'raw'], yaml };
  const then = interpret('the command succeeds', 'Then', [], condition);
  t.equal(then.ok, false);
  if (!then.ok) t.match(then.reason, /"sits".*file or directory/s);
  t.ok(interpret('the command succeeds', 'Then', [], { text: 'When a command reads a note loosely:', yaml }).ok, 'a restating paragraph keeps its Thens');
  t.ok(interpret('the command succeeds', 'Then').ok, 'a Then with no condition is read as before');
  // The When too (round 32): it would run the block without the directory the paragraph says, as its Thens would check that run.
  const when = interpret('a command prints 5 lines', 'When', [], condition);
  t.equal(when.ok, false, 'the When waits on the condition as its Thens do');
  if (!when.ok) t.match(when.reason, /"sits"/, 'naming the words');
  t.ok(interpret('a command prints 5 lines', 'When', [], { text: 'When a command reads a note loosely:', yaml }).ok, 'a restating paragraph keeps its When');
  t.end();
});

t.test('through the CLI: a scenario whose paragraph sets up more than its block is pending, one that restates runs', async (t) => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dir = scratchDirectory('condition-');
  const file = path.join(dir, 'notes.spec.md');
  const block = ['```yaml', 'stop:', '  commands:', '    - run: "cat notes.md"', '```', ''];
  writeFileSync(
    file,
    [
      '# Notes', '', '### Requirement: Notes', 'The executor SHALL run it.', '',
      '#### Scenario: more than the block', 'When a file `notes.md` holding `draft two` sits somewhere near the project:', '', ...block,
      'Then:', '1. the command prints `draft two`', '',
      '#### Scenario: a file and its text, read', 'When the project directory holds a file `notes.md` containing `draft two`:', '', ...block,
      'Then:', '1. the command prints `draft two`', '',
      '#### Scenario: only the block', 'When a command reads a note, loosely said:', '', ...block,
      'Then:', '1. the command fails', '',
    ].join('\n'),
  );
  const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), file, '--executor-steps', '--no-strict', '--reporter', 'json'], { cwd: dir, reject: false });
  const points = result.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { type: string; name: string; ok: boolean; todo?: string; skip?: string; diagnostics?: Record<string, unknown> }).filter((e) => e.type === 'point' && e.name.startsWith('Then'));
  t.equal(points.length, 3, result.stderr);
  t.equal(points[0].todo, 'undefined step', 'the Then of a setup not made is not checked');
  t.match(String(points[0].diagnostics?.interpreter), /"sits"/);
  t.ok(points[1].ok && points[1].todo === undefined && points[1].skip === undefined, 'a file the paragraph says the project holds is made, with its text', { got: points[1] });
  t.ok(points[2].ok && points[2].todo === undefined && points[2].skip === undefined, 'the Then of a restating paragraph runs on the block (cat of a missing file fails)', { got: points[2] });
  // spec-run check (and the editor, through the same context) agrees with the run: only the first Then is undefined.
  const checked = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), 'check', file, '--executor-steps'], { cwd: dir, reject: false });
  const undefinedAt = [...`${checked.stdout}\n${checked.stderr}`.matchAll(/:(\d+):\d+: error: undefined step '([^']*)'/g)].map((m) => [Number(m[1]), m[2]]);
  const firstThen = readFileSync(file, 'utf8').split('\n').indexOf('1. the command prints `draft two`') + 1;
  t.same(undefinedAt, [[firstThen, 'the command prints draft two']], `check: ${checked.stdout}${checked.stderr}`);
  t.match(checked.stdout, /undefined step 'the command prints draft two' \(it fails the run, which is strict by default\); the executor interpreter did not read it: .*"sits"/, 'check says why, as the run\'s TODO does');
});

t.test("an option or the configuration file's name in code marks, not read, is never dropped; the file's name said after the configuration is read", (t) => {
  const option = use('When spec-run exec is invoked on this configuration, forgetting `--project`:');
  t.equal(option.kind, 'unsaid', 'an option in code marks not read: never the block alone', { option });
  if (option.kind === 'unsaid') t.match(option.says.join('; '), /--project/);
  // Said not given, it is the default a run of the block alone has (round 29).
  const absent = use('When spec-run exec is invoked on this configuration, without `--project`:');
  t.match(absent.kind === 'read' ? absent.parts.map((p) => p.text).join('; ') : absent.kind, /no --project \(the default\)/);
  const name = use('When spec-run exec is invoked on the configuration, which it finds as `gate.yml`:');
  t.equal(name.kind, 'unsaid', "the file's name not read: never written under another name", { name });
  if (name.kind === 'unsaid') t.match(name.says.join('; '), /gate\.yml/);
  const named = use('When spec-run exec is invoked on the following configuration, named `gate.yml`:');
  t.equal(named.kind, 'read', 'named so, the configuration is written under that name', { named });
  t.end();
});

t.test('"the line under the header reads …" is no announcement line: left unread rather than read as the header', (t) => {
  t.equal(interpret('The verdict line under the header shall read "Error: Command failed with exit code 3"', 'Then', []).ok, false);
  t.equal(interpret('The line below the header says "OK: command succeeded"', 'Then', []).ok, false);
  t.equal(interpret('The header reads "[1/1] host: true (timeout 5m, from built-in default)"', 'Then', []).ok, true, 'the header itself is still read');
  t.end();
});
