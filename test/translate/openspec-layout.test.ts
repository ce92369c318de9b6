// Where in an OpenSpec tree a file of requirements is read by OpenSpec, and where it is
// not: a capability's specs/<capability>/spec.md and a change's
// changes/<change>/specs/<capability>/spec.md run; requirements anywhere else under
// specs/ or changes/ are an error at the file; OpenSpec's prose never runs.
import t from 'tap';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseMarkdown } from '../../src/parse/index.js';
import { describePlan, translate } from '../../src/translate/index.js';
import { currentSpecPath, deltaSpecPath, isArchivedChange, openspecPlace, openspecProseFile, openspecTreeDirectory } from '../../src/translate/openspec-layout.js';
import { scratchDirectory } from '../support/scratch.js';

const SCENARIO = '#### Scenario: small\n- **WHEN** I add 2 and 3\n- **THEN** the result is 5\n';
const MODIFIED = `## MODIFIED Requirements\n\n### Requirement: Addition\nThe calculator SHALL add negatives too.\n\n${SCENARIO}`;
const ADDED = `## ADDED Requirements\n\n### Requirement: Doubling\nThe calculator SHALL double.\n\n${SCENARIO}`;
const RENAMED = '## RENAMED Requirements\n- FROM: `### Requirement: Addition`\n- TO: `### Requirement: Plus`\n';
const CAPABILITY = `# calc Specification\n\n## Requirements\n\n### Requirement: Addition\nThe calculator SHALL add.\n\n${SCENARIO}`;

const layoutProblems = (path: string, text: string) => translate(parseMarkdown(path, text)).problems.filter((problem) => /^OpenSpec reads/.test(problem.message));

t.test('requirements in a file of a change that is not specs/<capability>/spec.md: an error at the file naming the path OpenSpec reads', async (t) => {
  for (const [path, meant] of [
    ['openspec/changes/add-neg/spec.md', 'changes/add-neg/specs/<capability>/spec.md'],
    ['openspec/changes/add-neg/delta/calc/spec.md', 'changes/add-neg/specs/calc/spec.md'],
    ['openspec/changes/add-neg/specs/calc/specs.md', 'changes/add-neg/specs/calc/spec.md'],
    ['openspec/changes/add-neg/specs/calc/sub/SPEC.md', 'changes/add-neg/specs/calc/sub/spec.md'],
    ['openspec/changes/add-neg/specs/calc/SPEC.md', 'changes/add-neg/specs/calc/spec.md'],
    ['openspec/changes/add-neg/specs/spec.md', 'changes/add-neg/specs/<capability>/spec.md'],
    ['openspec/changes/archive/2024-01-01-old/notes.md', 'changes/2024-01-01-old/specs/<capability>/spec.md'],
  ]) {
    t.same(layoutProblems(path, MODIFIED), [{ file: path, line: 1, severity: 'error', message: `OpenSpec reads a change's delta specs only as specs/<capability>/spec.md, so change '${path.split('/')[2] === 'archive' ? '2024-01-01-old' : 'add-neg'}' gets nothing from this file: name it ${meant}` }], path);
  }
});

t.test('delta sections under openspec/ outside any change, and requirements under specs/ outside a spec.md: errors at the file', async (t) => {
  t.match(layoutProblems('openspec/changes/spec.md', MODIFIED), [{ line: 1, message: /^OpenSpec reads delta sections only in a change's delta spec, openspec\/changes\/<change>\/specs\/<capability>\/spec\.md, .*: move it to changes\/<change>\/specs\/<capability>\/spec\.md$/ }]);
  t.match(layoutProblems('openspec/specs/calc/delta.md', ADDED), [{ line: 1, message: /no change gets anything from this file: move it to changes\/<change>\/specs\/calc\/spec\.md$/ }]);
  t.match(layoutProblems('openspec/specs/calc/delta.md', RENAMED), [{ line: 1, message: /^OpenSpec reads delta sections only/ }], 'a delta that only renames, with no requirement heading');
  t.match(layoutProblems('openspec/specs/calc/notes.md', CAPABILITY), [{ line: 1, message: /^OpenSpec reads a capability's requirements only from openspec\/specs\/<capability>\/spec\.md .*: move them to specs\/calc\/spec\.md$/ }]);
  t.match(layoutProblems('openspec/specs/calc.md', CAPABILITY), [{ line: 1, message: /move them to specs\/<capability>\/spec\.md$/ }]);
  t.match(layoutProblems('openspec/specs/platform/calc/notes.md', CAPABILITY), [{ line: 1, message: /move them to specs\/platform\/calc\/spec\.md$/ }], 'under a nested capability, its whole path');
});

t.test('files OpenSpec reads, files outside its folders and files of no requirement have no such error', async (t) => {
  for (const [path, text] of [
    ['openspec/specs/calc/spec.md', CAPABILITY],
    ['openspec/changes/add-neg/specs/calc/spec.md', MODIFIED],
    ['openspec/changes/archive/2024-01-01-old/specs/calc/spec.md', MODIFIED],
    ['openspec/specs/platform/calc/spec.md', CAPABILITY],
    ['openspec/changes/add-neg/specs/platform/calc/spec.md', MODIFIED],
    ['corpus/openspec/execution.spec.md', CAPABILITY],
    ['openspec/notes.md', CAPABILITY],
    ['specs/calc.spec.md', ADDED],
    ['openspec/specs/calc/notes.md', '# Notes\n\nWhy the calculator adds.\n'],
  ]) {
    t.same(layoutProblems(path, text), [], path);
  }
});

t.test("a change's delta that only renames or removes is an OpenSpec delta, listed as one, with nothing to run and no error", async (t) => {
  const REMOVED_BULLET = '## REMOVED Requirements\n\n- `### Requirement: Addition`\n';
  for (const text of [RENAMED, REMOVED_BULLET]) {
    const plan = translate(parseMarkdown('openspec/changes/tidy/specs/calc/spec.md', text));
    t.equal(plan.family, 'openspec', text);
    t.same(plan.problems, [], text);
    t.match(describePlan(plan), /family: OpenSpec delta spec of change 'tidy'/, text);
  }
  const empty = translate(parseMarkdown('openspec/changes/tidy/specs/calc/spec.md', '## ADDED Requirements\n\nNothing yet.\n'));
  t.equal(empty.family, 'openspec');
  t.same(empty.problems, [], 'a delta with no operation is refused once, as OpenSpec refuses it (its openspecDelta problems), not also as a spec without scenarios');
  t.match(empty.openspecDelta?.problems, [{ message: /holds no requirement to add, modify, remove or rename/ }]);
  t.equal(translate(parseMarkdown('openspec/changes/archive/2024-01-01-old/specs/calc/spec.md', '# Old notes\n\nNothing here.\n')).family, 'unknown', 'an archived delta without a delta section is none');
});

t.test("OpenSpec's prose is prose by its place and name: requirement and scenario headings in it are not run or counted", async (t) => {
  for (const path of ['openspec/changes/add-x/design.md', 'openspec/changes/add-x/proposal.md', 'openspec/changes/add-x/tasks.md', 'openspec/project.md', 'openspec/AGENTS.md', 'openspec/README.md', 'openspec/specs/calc/README.md']) {
    const plan = translate(parseMarkdown(path, CAPABILITY));
    t.same({ family: plan.family, units: plan.units, requirements: plan.requirements, problems: plan.problems }, { family: 'unknown', units: [], requirements: [], problems: [] }, path);
  }
  t.equal(translate(parseMarkdown('openspec/changes/add-x/design.md', CAPABILITY)).name, 'design.md (change add-x)');
  // A capability's design.md (OpenSpec's technical decisions beside its spec.md) is prose too; only specs/<capability>/design.md, not deeper.
  const JSON_EXAMPLE = '# Design\n\nThe store writes:\n\n```json\n{ "items": [] }\n```\n';
  const design = translate(parseMarkdown('openspec/specs/todo/design.md', JSON_EXAMPLE));
  t.same({ family: design.family, units: design.units, problems: design.problems }, { family: 'unknown', units: [], problems: [] }, "a capability's design.md with a JSON example: prose, no problem");
  t.match(describePlan(design), /the design\.md of capability 'todo': prose, nothing to run/);
  t.same(openspecProseFile('openspec/specs/todo/design.md'), { file: 'design.md', capability: 'todo' });
  t.same(openspecProseFile('openspec/specs/platform/todo/design.md'), { file: 'design.md', capability: 'platform/todo' }, "a nested capability's design.md");
  t.equal(openspecProseFile('openspec/specs/design.md'), null, 'a design.md right in specs/ is of no capability');
  t.match(translate(parseMarkdown('docs/design.md', JSON_EXAMPLE)).problems, [{ message: /no checks found: 1 Lisp\/JSON\/YAML block/ }], 'a design.md outside an OpenSpec tree with a block still fails as looking meant to run');
});

t.test("a document is of a change by its place in the tree, from any directory spec-run is started in, up to the openspec/ holding it", async (t) => {
  const project = scratchDirectory('spec-run-layout-');
  const started = process.cwd();
  t.teardown(() => process.chdir(started));
  const from = (directory: string) => {
    mkdirSync(join(project, directory), { recursive: true });
    process.chdir(join(project, directory));
  };
  from('openspec/changes/bad');
  t.same(openspecPlace('specs/calc/spec.md'), { capability: 'calc', change: 'bad' }, 'inside the change');
  t.equal(currentSpecPath('specs/calc/spec.md'), join('..', '..', 'specs', 'calc', 'spec.md'), "the capability's spec, named from where spec-run started");
  t.same(openspecProseFile('proposal.md'), { file: 'proposal.md', change: 'bad' });
  t.equal(translate(parseMarkdown('specs/calc/spec.md', MODIFIED)).name, 'calc (change bad)');
  from('openspec/changes');
  t.same(openspecPlace('bad/specs/calc/spec.md'), { capability: 'calc', change: 'bad' }, 'inside changes/');
  t.equal(currentSpecPath(join(project, 'openspec/changes/bad/specs/calc/spec.md')), join(project, 'openspec/specs/calc/spec.md'), 'an absolute path stays absolute');
  from('openspec/changes/archive/2024-01-01-old');
  t.ok(isArchivedChange('specs/calc/spec.md'), 'an archived change from inside it');
  from('openspec/specs/calc');
  t.same(openspecPlace('spec.md'), { capability: 'calc' }, "inside a capability: its spec");
  from('changes/work/specs/calc');
  t.same(openspecPlace('spec.md'), null, 'no openspec/ above: a spec.md is read as given');
});

t.test("a delta's current spec is beside the changes/ directory it stands in, whatever a directory above it is called (a checkout under .../changes/)", async (t) => {
  t.equal(currentSpecPath('/home/dev/changes/app/openspec/changes/c1/specs/auth/spec.md'), '/home/dev/changes/app/openspec/specs/auth/spec.md');
  t.equal(currentSpecPath('/home/dev/changes/app/openspec/changes/archive/2026-01-01-c1/specs/auth/spec.md'), '/home/dev/changes/app/openspec/specs/auth/spec.md');
});

t.test("a capability's folder may be nested, as OpenSpec discovers specs: its capability is the whole path, and its change's delta pairs with it", async (t) => {
  t.same(openspecPlace('openspec/specs/platform/health/spec.md'), { capability: 'platform/health' });
  t.same(openspecPlace('openspec/changes/c1/specs/platform/health/spec.md'), { capability: 'platform/health', change: 'c1' });
  t.same(openspecPlace('openspec/changes/archive/2024-01-01-c1/specs/platform/health/spec.md'), { capability: 'platform/health', change: '2024-01-01-c1' });
  t.equal(currentSpecPath('openspec/changes/c1/specs/platform/health/spec.md'), 'openspec/specs/platform/health/spec.md');
  t.equal(currentSpecPath('/home/dev/changes/app/openspec/changes/c1/specs/platform/health/spec.md'), '/home/dev/changes/app/openspec/specs/platform/health/spec.md', 'a directory above named changes/ is not the tree');
  t.equal(deltaSpecPath('openspec/specs/platform/health/spec.md', 'c1'), 'openspec/changes/c1/specs/platform/health/spec.md');
  t.equal(deltaSpecPath('openspec/changes/c1/specs/platform/health/spec.md', 'c1'), null, 'a delta has no delta');
  t.equal(openspecTreeDirectory('packages/a/openspec/specs/platform/health/spec.md'), 'packages/a/openspec');
  t.equal(openspecTreeDirectory('packages/a/openspec/changes/c1/specs/auth/spec.md'), 'packages/a/openspec', "a delta's tree is its spec's");
  // Without an openspec/ directory above, only the folder holding spec.md is sure to be the capability: a specs/ further up may be any project's.
  t.same(openspecPlace('docs/specs/web/specs/calc/spec.md'), { capability: 'calc' });
  t.equal(translate(parseMarkdown('openspec/changes/c1/specs/platform/health/spec.md', MODIFIED)).name, 'platform/health (change c1)');
});

t.test('nested capabilities of one OpenSpec tree keep their names; two trees are still told apart by their directories', async (t) => {
  const { distinctCapabilities } = await import('../../src/translate/requirements.js');
  const names = (files: string[]) => distinctCapabilities({ documents: files.map((file) => translate(parseMarkdown(file, CAPABILITY))) }).documents.map((document) => document.name);
  t.same(names(['openspec/specs/platform/health/spec.md', 'openspec/specs/calc/spec.md']), ['platform/health', 'calc'], 'one tree');
  t.same(names(['packages/a/openspec/specs/platform/health/spec.md', 'packages/b/openspec/specs/platform/health/spec.md']), ['packages/a/openspec/specs/platform/health', 'packages/b/openspec/specs/platform/health'], 'two trees');
});
