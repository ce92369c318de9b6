// What two writers of executor specifications met in `spec-run exec`, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its
// bin. The 1 MiB cap of stored output hid the per-stream omitted notices; a command with a
// line break split the report's Command: line and its announcement; env: replaced
// SPEC_RUN_CONFIG_DIR silently. A hidden stream stays out of the report's line totals and
// the log's, as the held-out specifications state.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const project = userProject({
  'cap.yaml': "stop:\n  commands:\n    - run: \"i=0; while [ $i -lt 20000 ]; do printf '%0200d\\n' $i; i=$((i+1)); done\"\n      maxOutputLines: 10000\n",
  'muted.yaml': 'stop:\n  commands:\n    - run: "seq 1 5; seq 101 120 >&2; sleep 30"\n      showStderr: false\n      maxOutputLines: 3\n      timeout: 1s\n',
  'env.yaml': 'stop:\n  commands:\n    - run: "printenv SPEC_RUN_CONFIG_DIR"\n      env:\n        SPEC_RUN_CONFIG_DIR: overridden\n    - run: "printenv SPEC_RUN_CONFIG_DIR"\n',
});

t.test('reaching the stored-output cap keeps the omitted-lines notice, and a multi-line command stays on one line', async (t) => {
  const run = await project.specRun(['exec', 'cap.yaml']);
  t.equal(run.code, 0, run.stderr);
  const lines = run.stdout.split('\n');
  const shown = lines.filter((l) => /^0{100}/.test(l)).length;
  t.ok(shown > 0 && shown < 20000, `the cap cut the output (${shown} lines shown)`);
  t.ok(lines.includes(`stdout: ... (${20000 - shown} lines omitted)`), `the notice counts the ${20000 - shown} lines not shown`);
  t.ok(lines.includes(`(output cut at ${shown} lines: stored output is capped; ${20000 - shown} more of 20000 lines were counted, not kept)`), "beside the cap's note");
  const command = lines.filter((l) => l.startsWith('Command: '));
  t.equal(command.length, 1);
  t.same(JSON.parse(command[0].slice('Command: '.length)), "i=0; while [ $i -lt 20000 ]; do printf '%0200d\n' $i; i=$((i+1)); done", 'the Command: line is the command, as a JSON string');
  t.ok(lines.some((l) => l.startsWith('[1/1] host: "i=0; while') && l.endsWith('(timeout 5m, from built-in default)')), 'so is its announcement');
  t.notOk(lines.some((l) => l.startsWith("' $i;")), 'no report line starts inside the command');
});

t.test("a hidden stream is never shown, and its lines stay out of the report's totals and the log's", async (t) => {
  const run = await project.specRun(['exec', '--log', 'muted.jsonl', 'muted.yaml']);
  t.equal(run.code, 124, run.stderr);
  t.match(run.stdout, /^\(stderr: output hidden by configuration\)$/m);
  t.match(run.stdout, /Showing 3 of 5 output lines/);
  t.notMatch(run.stdout, /^1[01]\d$/m, 'no hidden line is shown');
  const [event] = readFileSync(join(project.dir, 'muted.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { totalOutputLines: number; partialOutput: string[] });
  t.equal(event.totalOutputLines, 5, "the log's total is of the shown stream");
  t.same(event.partialOutput, ['1', '2', '3'], 'and keeps only shown lines');
});

t.test("a command's env: replacing SPEC_RUN_CONFIG_DIR is noted in its report, and only in its own", async (t) => {
  const run = await project.specRun(['exec', 'env.yaml']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /^overridden$/m, "the command's own value wins");
  t.equal(run.stdout.match(/note: env: replaces SPEC_RUN_CONFIG_DIR, which would name the configuration's directory \//g)?.length, 1, 'one note, of the command that replaced it');
});
