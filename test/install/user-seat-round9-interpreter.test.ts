// The misreadings of round 12's fresh measurement (the executor interpreter's), from a user's
// seat: spec-run packed, installed into a fresh project outside the repository, a document
// of executor scenarios run through its bin with --executor-steps. Each claim is said once
// true and once false: the true one passes, the false one fails.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (title: string, when: string, yaml: string[], then: string) => [`#### Scenario: ${title}`, when, '```yaml', ...yaml, '```', '', 'Then:', `1. ${then}`, ''];
const hook = 'When the hook runs these commands:';
const commands = (...lines: string[]) => ['stop:', '  commands:', ...lines.map((l) => `    ${l}`)];
const refused = commands('- run: "echo a"', '  memory: 512m', '- run: "echo b"', '  image: spec-run/busybox:local', '  workdir: build');
const onFile = 'When `spec-run exec bad.yaml` is run on this file:';

/** Each sentence, with whether it is true of its run. */
const CLAIMS: [title: string, when: string, yaml: string[], then: string, holds: boolean][] = [
  ['job true', hook, commands('- run: "exit 3"', '- run: "exit 5"'), 'The job exits with status 3', true],
  ['job false', hook, commands('- run: "exit 3"', '- run: "exit 5"'), 'The pipeline exits with status 5', false],
  ['never printed true', hook, commands('- run: "echo alpha"'), 'The last line is `alpha`, and `beta` and `gamma` are never printed', true],
  ['never printed false', hook, commands('- run: "echo beta; echo alpha"'), 'The last line is `alpha`, and `beta` and `gamma` are never printed', false],
  ['problem line true', onFile, refused, 'The memory limit is refused with `bad.yaml:4:15: stop.commands[0].memory: applies in a container only`', true],
  ['problem line false', onFile, refused, 'The memory limit is refused with `bad.yaml:9:15: stop.commands[0].memory: applies in a container only`', false],
  ['first line true', onFile, refused, 'The first line printed is `Error: invalid configuration bad.yaml:`', true],
  ['first line false', onFile, refused, 'The first line printed is `Error: invalid configuration other.yaml:`', false],
  ['note true', hook, commands('- run: "echo in"', '  image: spec-run/busybox:local'), 'A note `note: container spec-run-<pid>-<suffix> removed` is printed', true],
  ['note false', hook, commands('- run: "echo in"', '  image: spec-run/busybox:local'), 'A note `note: container spec-run-<pid>-<suffix> kept` is printed', false],
  ['output scope true', hook, commands('- run: "echo other"', '- run: "echo done"'), "The second command's report shows `OK: command succeeded` and the output line `done`", true],
  ['output scope false', hook, commands('- run: "echo other"', '- run: "echo done"'), "The first command's report shows `OK: command succeeded` and the output line `done`", false],
];

const DOCUMENT = ['# Misreadings', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...CLAIMS.flatMap(([title, when, yaml, then]) => scenario(title, when, yaml, then))].join('\n');

t.test('round 12\'s misreadings, through the installed bin: each claim holds where true and fails where false', async (t) => {
  const project = userProject({ 'specs/claims.spec.md': DOCUMENT });
  const run = await project.specRun(['specs/claims.spec.md', '--executor-steps', '--no-strict', '--reporter', 'json']);
  const points = run.stdout.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { type: string; name: string; ok: boolean; todo?: string; skip?: string; unitId: string }).filter((e) => e.type === 'point' && !e.unitId.endsWith('#steps'));
  t.equal(points.length, CLAIMS.length, 'a point per claim (the Whens set up, and are no points)', { stderr: run.stderr });
  const thens = points.filter((p) => p.name.startsWith('Then '));
  CLAIMS.forEach(([title, , , then, holds], i) => {
    const point = thens[i];
    t.equal(point?.todo, undefined, `${title}: bound`, { point });
    t.equal(point?.ok, holds, `${title}: "${then}" ${holds ? 'holds' : 'fails'}`, { point });
  });
});
