// OpenSpec's change model and the specification tree as one system, from the seat of a
// team that runs its process through OpenSpec (round 16): spec-run packed, installed into
// a fresh project outside the repository, and run through its bin on the team's tree.
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';
import { changeLeavesUnderWatch, CHANGE_PROJECT } from '../support/change-watching.js';

/** The team's CLI: greets a name, prints its version, refuses no name (exit 2). */
const GREET = `const args = process.argv.slice(2);
if (args[0] === '--version') { console.log('greet 1.0.0'); process.exit(0); }
if (!args[0]) { console.error('greet: name required'); process.exit(2); }
console.log(\`Hello, \${args[0]}!\`);
`;

const STEPS = `import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { When, Then } from 'spec-run/steps';
When('greet is run with {string}', function (arg) {
  const r = spawnSync(process.execPath, ['bin/greet.mjs', ...arg.split(' ')], { encoding: 'utf8' });
  this.out = r.stdout.trim(); this.code = r.status;
});
Then('the output SHALL be {string}', function (s) { assert.equal(this.out, s); });
`;

const scenario = (name: string, arg: string, out: string) => `#### Scenario: ${name}\n- **WHEN** greet is run with "${arg}"\n- **THEN** the output SHALL be "${out}"\n`;

const GREETING = `# Greeting Specification\n\n## Purpose\nGreets.\n\n## Requirements\n\n### Requirement: Greeting\nThe tool SHALL greet the named person.\n\n${scenario('Greet a name', 'Ann', 'Hello, Ann!')}`;

const VERSION = `# Version Specification\n\n## Purpose\nVersions.\n\n## Requirements\n\n### Requirement: Version flag\nThe tool SHALL print its version.\n\n${scenario('Version', '--version', 'greet 1.0.0')}\n### Requirement: Version on stdout\nThe tool SHALL print the version on standard output.\n\n${scenario('Stdout', '--version', 'greet 1.0.0')}`;

/** The team's tree: two capabilities, their CLI and steps, and the change FILES hold. */
const team = (files: Record<string, string> = {}) =>
  userProject({ 'bin/greet.mjs': GREET, 'steps/greet.steps.mjs': STEPS, 'openspec/specs/greeting/spec.md': GREETING, 'openspec/specs/version/spec.md': VERSION, ...files });

t.test('an ADDED requirement without a scenario beside a tested one fails the tree run, its --list and --dry-run at its line, as check and --change refuse the change', async (t) => {
  const delta = 'openspec/changes/add-shout/specs/greeting/spec.md';
  const project = team({
    'openspec/changes/add-shout/proposal.md': '# Add shout\n',
    [delta]: `## ADDED Requirements\n\n### Requirement: Shouting\nThe tool SHALL shout when asked.\n\n### Requirement: Polite greeting\nThe tool SHALL greet politely.\n\n${scenario('Polite', 'Ann', 'Hello, Ann!')}`,
  });
  const tree = await project.specRun(['openspec/']);
  t.equal(tree.code, 1, `the tree run fails: ${tree.stderr.slice(-300)}`);
  t.match(tree.stdout, /not ok \d+ - ADDED requirement 'Shouting' has no '\\#\\#\\#\\# Scenario:'/);
  t.match(tree.stdout, new RegExp(`at: ${delta}:3`));
  for (const mode of ['--list', '--dry-run']) t.equal((await project.specRun(['openspec/', mode])).code, 1, `${mode} fails`);
  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1);
  t.equal(check.stdout.split('\n').filter((line) => line.startsWith(`${delta}:3:1: error:`)).length, 1, 'check says it once');
  const change = await project.specRun(['--change', 'add-shout', 'openspec/']);
  t.equal(change.code, 2);
  t.match(change.stderr, `${delta}:3: ADDED requirement 'Shouting' has no '#### Scenario:'`);
});

t.test('init in a project with an OpenSpec tree configures openspec/, writes no example, and its first run runs the team\'s specifications', async (t) => {
  const project = team();
  const init = await project.specRun(['init']);
  t.equal(init.code, 0, init.stderr);
  t.same(JSON.parse(readFileSync(join(project.dir, 'spec-run.config.json'), 'utf8')).paths, ['openspec/']);
  t.notOk(existsSync(join(project.dir, 'specs')), 'no example documents');
  t.notOk(existsSync(join(project.dir, 'steps/project.steps.mjs')), 'no example steps');
  t.notMatch(readFileSync(join(project.dir, '.github/workflows/spec-run.yml'), 'utf8'), /sbcl/i, 'the CI workflow needs no Lisp');
  t.match(init.stdout, /Found openspec\//);
  const run = await project.specRun([]);
  t.equal(run.code, 0, run.stderr.slice(-300));
  t.match(run.stderr, /requirements: 3 verified/, "the team's three requirements ran");

  const kept = team({ 'spec-run.config.json': JSON.stringify({ paths: ['docs/'] }) });
  const again = await kept.specRun(['init']);
  t.match(again.stdout, /spec-run\.config\.json runs docs\/, not openspec\/: none of the OpenSpec tree's specifications run/, 'a kept configuration that runs none of the tree is said');
});

t.test('under --change a REMOVED requirement is shown as removed, and a renamed one as renamed, in the spec, JSON, JUnit and HTML reports and in --list', async (t) => {
  const delta = 'openspec/changes/drop-version/specs/version/spec.md';
  const project = team({
    'openspec/changes/drop-version/proposal.md': '# Drop the version flag\n',
    [delta]: '## RENAMED Requirements\n- FROM: `### Requirement: Version on stdout`\n- TO: `### Requirement: Version printed`\n\n## REMOVED Requirements\n\n### Requirement: Version flag\n**Reason**: printed by --help now\n**Migration**: use --help\n',
  });
  const run = await project.specRun(['--change', 'drop-version', 'openspec/', '--reporter', 'spec', '--reporter', 'json:run.jsonl', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html']);
  t.equal(run.code, 0, run.stderr.slice(-300));
  t.match(run.stdout, /- Version flag \S+spec\.md:\d+ removed \(Reason: printed by --help now/);
  t.match(run.stdout, /✔ Version printed \(renamed from 'Version on stdout'\)/);
  const end = readFileSync(join(project.dir, 'run.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line)).find((event) => event.type === 'run-end');
  t.match(end.requirements.find((r: { name: string }) => r.name === 'Version flag'), { status: 'removed', detail: /printed by --help now/ });
  t.match(end.requirements.find((r: { name: string }) => r.name === 'Version printed'), { status: 'verified', renamedFrom: 'Version on stdout' });
  const junit = readFileSync(join(project.dir, 'junit.xml'), 'utf8');
  t.match(junit, `<property name="requirement:${delta}#Version flag" value="removed"/>`);
  t.match(junit, /<property name="renamed-from:[^"]*#Version printed" value="Version on stdout"\/>/);
  const html = readFileSync(join(project.dir, 'report.html'), 'utf8');
  t.match(html, /Version printed \(renamed from &#39;Version on stdout&#39;\)/);
  t.match(html, /removed by the change: Reason: printed by --help now/);
  const list = await project.specRun(['--change', 'drop-version', 'openspec/', '--list']);
  t.match(list.stdout, /Version flag +\(0 units; REMOVED by this change, never runs/);
});

t.test('an exclusion written for a requirement a change renames, whose freed name the change ADDs anew, is refused as ambiguous instead of settling the new requirement', async (t) => {
  const delta = 'openspec/changes/c1/specs/greeting/spec.md';
  const files = {
    'openspec/changes/c1/proposal.md': '# c1\n',
    // The new Greeting's scenario holds no THEN: it checks nothing, so it is untested.
    [delta]: '## ADDED Requirements\n\n### Requirement: Greeting\nThe tool SHALL greet anew.\n\n#### Scenario: New greet\n- **WHEN** greet is run with "Al"\n\n## RENAMED Requirements\n- FROM: `### Requirement: Greeting`\n- TO: `### Requirement: Salutation`\n',
  };
  const config = (key: string) => JSON.stringify({ requireVerified: true, requirements: { exclude: { [key]: 'legacy name' } } });
  const project = team({ ...files, 'spec-run.config.json': config('greeting#Greeting') });
  for (const args of [['openspec/'], ['--change', 'c1', 'openspec/']]) {
    const run = await project.specRun(args);
    t.equal(run.code, 2, `${args.join(' ')}: refused`);
    t.match(run.stderr, /requirements\.exclude: 'greeting#Greeting' names two requirements: the one \S+ renames to 'Salutation', and the new one ADDED under its freed name at openspec\/changes\/c1\/specs\/greeting\/spec\.md:3/);
  }
  project.write({ 'spec-run.config.json': config('openspec/specs/greeting/spec.md#Greeting') });
  const byId = await project.specRun(['openspec/']);
  t.equal(byId.code, 1, 'named by its id, the old requirement is excluded and the new one, untested, fails --require-verified');
  t.match(byId.stderr, `--require-verified: ${delta}#Greeting is untested`);
});

t.test('--watch follows a change archived (its directory moved into archive/) or its only delta deleted: its result leaves the reports, and under --change a later save says the change no longer applies', async (t) => {
  const project = userProject(CHANGE_PROJECT);
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  await changeLeavesUnderWatch(t, project.dir, (args) => watchProcess([bin, ...args, '--watch'], project.dir, userEnvironment()));
});
