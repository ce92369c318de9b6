// Round 27, part A: the writer's own nouns read across a specification tree and by their roles. A
// noun one document of a tree pins (by a definition, or by what it is said to be and do) names the
// same thing in the tree's other documents, unless a document pins it to something else; a noun
// the tree uses as the subject of what the runner SHALL do is spec-run exec, one said with a part
// of a command and counted or timed out is a command. Each class is read both ways through the CLI
// on documents written for these tests (none from a batch), and left unknown where the roles conflict.
import t from 'tap';
import { execa } from 'execa';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { blockScenario, type CliPoint } from './cli-points.js';
import { scratchDirectory } from '../support/scratch.js';
import { roleTerms } from '../../src/run/scenario/interpreter/tree-roles.js';
import type { TreeDocument } from '../../src/model/plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Writes DOCUMENTS (name → lines) into one directory and runs TARGET there (the directory, or one document's name). */
async function runTree(name: string, documents: Record<string, string[]>, target?: string): Promise<CliPoint[]> {
  const dir = scratchDirectory(`${name}-`);
  for (const [file, lines] of Object.entries(documents)) writeFileSync(path.join(dir, `${file}.spec.md`), lines.join('\n'));
  const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), target ? path.join(dir, `${target}.spec.md`) : dir, '--executor-steps', '--no-strict', '--reporter', 'json'], { cwd: dir, reject: false });
  return result.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CliPoint)
    .filter((e) => e.type === 'point');
}

/** A document titled TITLE with REQUIREMENT's prose and SCENARIOS. */
/** A scenario of its own for a document that only defines: the tree reads a document's prose from its scenarios. */
const ECHO = [blockScenario('echoes', 'the hook file is', ['- run: "echo hi"'], 'the output contains hi')];
const spec = (title: string, requirement: string[], scenarios: string[][] = ECHO) => [`# ${title}`, '', '### Requirement: As said', ...requirement, '', ...scenarios.flatMap((lines) => [...lines, ''])];

/** The steps holding MARKER, in order of their scenarios. */
const stepsWith = (points: CliPoint[], marker: string) => points.filter((p) => p.name.includes(marker));
const interpretation = (p: CliPoint | undefined) => String((p?.diagnostics as { definition?: unknown } | undefined)?.definition ?? '');

t.test('a noun one document defines for spec-run exec holds in the other documents of its tree, run whole or one by one', async (t) => {
  const ends = (code: number) => blockScenario(`ends ${code}`, 'the hook file is', [`- run: "exit ${code}"`], 'the gatekeeper exits with code 3');
  const documents = {
    definitions: spec('Definitions', ['By the gatekeeper we mean spec-run exec.']),
    statuses: spec('Statuses', ['Status codes pass through.'], [ends(3), ends(0)]),
  };
  for (const target of [undefined, 'statuses']) {
    const steps = stepsWith(await runTree('round27a-tree', documents, target), 'gatekeeper exits');
    t.same(
      steps.map((p) => p.ok),
      [true, false],
      `the step holds where spec-run exec exits 3 and fails where it exits 0 (${target ?? 'the directory'} run)`,
      { steps },
    );
    t.match(interpretation(steps[0]), /read through the tree: "gatekeeper" = spec-run exec, from definitions\.spec\.md:4\b/, 'the reading says where the noun was defined');
  }
});

t.test('a noun two documents of the tree pin to different things stays unread', async (t) => {
  const ends = blockScenario('ends 3', 'the hook file is', ['- run: "exit 3"'], 'the gatekeeper exits with code 3');
  const steps = stepsWith(
    await runTree('round27a-conflict', {
      runner: spec('Runner', ['By the gatekeeper we mean spec-run exec.']),
      commands: spec('Commands', ['Each gatekeeper is one entry of `commands:`.']),
      statuses: spec('Statuses', ['Status codes pass through.'], [ends]),
    }),
    'gatekeeper exits',
  );
  t.equal(steps.length, 1);
  t.ok(steps[0]?.todo !== undefined && interpretation(steps[0]) === '', 'pinned to spec-run exec and to a command, the noun names neither', { steps });
});

t.test('a document that pins a noun itself reads it so, whatever the rest of the tree says', async (t) => {
  const ends = (code: number) => blockScenario(`ends ${code}`, 'the hook file is', ['- run: "true"', `- run: "exit ${code}"`], 'the second gatekeeper exits with code 4');
  const steps = stepsWith(
    await runTree('round27a-own', {
      runner: spec('Runner', ['By the gatekeeper we mean spec-run exec.']),
      commands: spec('Commands', ['Each gatekeeper is one entry of `commands:`.'], [ends(4), ends(5)]),
    }),
    'second gatekeeper',
  );
  t.same(steps.map((p) => p.ok), [true, false], "the document's own pin (a command) is read: the second entry exits 4, then 5", { steps });
});

t.test('the subject of what the runner SHALL do, never counted, is spec-run exec across the tree', async (t) => {
  const ends = (code: number) => blockScenario(`ends ${code}`, 'the hook file is', [`- run: "exit ${code}"`], 'the warden exits with code 3');
  const steps = stepsWith(
    await runTree('round27a-runner-role', {
      stopping: spec('Stopping', ['The warden SHALL kill each command that outlives its timeout, and MUST report it.']),
      statuses: spec('Statuses', ['Status codes pass through.'], [ends(3), ends(0)]),
    }),
    'warden exits',
  );
  t.same(steps.map((p) => p.ok), [true, false], 'the warden is spec-run exec: exit 3 holds, exit 0 does not', { steps });
  t.match(interpretation(steps[0]), /"warden" = spec-run exec, by its roles/, 'the reading says the noun was read by its roles');
});

t.test('a noun said with a part of a command and counted or timed out is a command across the tree', async (t) => {
  const second = (code: number) => blockScenario(`second ${code}`, 'the hook file is', ['- run: "true"', `- run: "exit ${code}"`], 'the second probe exits with code 4');
  const steps = stepsWith(
    await runTree('round27a-command-role', {
      limits: spec('Limits', ["Each probe's timeout is its own; a probe that times out is stopped."]),
      statuses: spec('Statuses', ['Status codes pass through.'], [second(4), second(5)]),
    }),
    'second probe',
  );
  t.same(steps.map((p) => p.ok), [true, false], 'the second probe is the second command: exit 4 holds, exit 5 does not', { steps });
  t.match(interpretation(steps[0]), /"probe" = command, by its roles/, 'the reading says the roles');
});

/** The tree of one document with PROSE lines and no steps. */
const treeOf = (...prose: string[]): TreeDocument[] => [{ file: 'a.spec.md', prose: prose.map((text, i) => ({ text, line: i + 1 })), steps: [] }];
const pinned = (tree: TreeDocument[]) => Object.fromEntries(roleTerms(tree).map((term) => [term.noun, term.thing]));

t.test('roles that conflict, or too few, leave a noun unknown', (t) => {
  t.same(pinned(treeOf("The warden SHALL kill each command that outlives its timeout.", 'The second warden reports nothing.')), {}, 'the runner\'s subject counted as well is neither');
  t.same(pinned(treeOf("Each probe's timeout is its own; a probe that times out is stopped.", 'The probe SHALL run each command.')), {}, 'a command\'s noun that is also the subject of what the runner does is neither');
  t.same(pinned(treeOf("Each probe's timeout is its own; a probe that times out is stopped.", 'The probe of the configuration fails on a bad key.')), {}, 'a noun that is also the act of validation is no command');
  t.same(pinned(treeOf('The second probe and the third probe run.')), {}, 'counted alone, without a part of a command, the noun stays unknown');
  t.same(pinned(treeOf('The shell SHALL run each command.', "Each line's output is kept; the first line times out.")), {}, 'nouns of the run and of text are never pinned');
  t.same(pinned(treeOf("Each probe's timeout is its own; a probe that times out is stopped.", 'The warden SHALL kill each command that outlives its timeout.')), { probe: 'command', warden: 'spec-run exec' }, 'where the roles agree both are pinned');
  t.end();
});
