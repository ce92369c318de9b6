// A filter (--grep, --tag, --level) that selects no unit is a usage error: a run never
// passes on nothing. The message names the filter and what there was to select from.
import t from 'tap';
import fc from 'fast-check';
import path from 'node:path';
import type { DocumentPlan, TestPlan } from '../../src/model/plan.js';
import { emptySelectionProblem, selectUnits, type Selection } from '../../src/run/select.js';

function document(file: string, metadata: Record<string, unknown>, unitNames: string[]): DocumentPlan {
  return {
    file,
    name: file,
    family: 'lisp',
    metadata,
    definitions: [],
    units: unitNames.map((name, i) => ({ id: `${file}#${i + 1}`, kind: 'verify-function', name, file, line: i + 1, headingPath: [name], functionName: 'verify-x' })),
    notRun: [],
    problems: [],
  };
}

const whole: TestPlan = {
  documents: [document('a.md', { tags: ['fast', 'io'], level: 'property' }, ['Boiling point', 'Freezing']), document('b.md', { level: 'scenario' }, ['Shouting'])],
};
const problem = (selection: Selection) => emptySelectionProblem(whole, selectUnits(whole, selection), selection);

t.test('a filter that selects nothing names itself and what there was', async (t) => {
  t.equal(problem({ grep: /nomatch/i }), "--grep 'nomatch' selects no unit of the 2 documents with 3 units (see spec-run --list)");
  t.equal(problem({ tags: ['nosuchtag'] }), '--tag nosuchtag selects no unit of the 2 documents with 3 units; tags: fast, io (see spec-run --list)');
  t.equal(problem({ level: 'nosuch' }), '--level nosuch selects no unit of the 2 documents with 3 units; levels: property, scenario (see spec-run --list)');
  t.equal(problem({ grep: /Shouting/i, tags: ['fast'] }), "--grep 'Shouting' with --tag fast selects no unit of the 2 documents with 3 units; tags: fast, io (see spec-run --list)", 'each filter selects something, together nothing');
  const untagged: TestPlan = { documents: [document('b.md', {}, ['x'])] };
  t.match(emptySelectionProblem(untagged, { documents: [] }, { tags: ['t'], level: 'l' }), /no document carries a tag; no document declares a level/);
});

t.test('a filter that selects a unit, or no filter, is no problem', async (t) => {
  t.equal(problem({ grep: /boil/i }), null);
  t.equal(problem({ tags: ['io'] }), null);
  t.equal(problem({ level: 'scenario' }), null);
  t.equal(problem({ level: 'PROPERTY' }), null, 'a level in any case, as frontmatter levels are read');
  t.same(selectUnits(whole, { level: 'Property' }).documents.map((d) => d.file), ['a.md']);
  t.equal(problem({}), null, 'no filter given');
});

t.test('property: the problem is raised exactly when the filters leave no unit', async (t) => {
  const names = fc.array(fc.stringMatching(/^[a-c]{1,3}$/), { maxLength: 3 });
  const documents = fc.array(fc.record({ tags: fc.subarray(['x', 'y']), level: fc.constantFrom('p', 's'), names }), { minLength: 1, maxLength: 4 });
  const selection = fc.record({ grep: fc.option(fc.stringMatching(/^[a-c]{1,2}$/).map((s) => new RegExp(s, 'i')), { nil: undefined }), tags: fc.option(fc.subarray(['x', 'y', 'z'], { minLength: 1 }), { nil: undefined }), level: fc.option(fc.constantFrom('p', 's', 'q'), { nil: undefined }) });
  fc.assert(
    fc.property(documents, selection, (specs, selection) => {
      const plan: TestPlan = { documents: specs.map((d, i) => document(`${i}.md`, { tags: d.tags, level: d.level }, d.names)) };
      const selected = selectUnits(plan, selection);
      const filtered = selection.grep !== undefined || selection.tags !== undefined || selection.level !== undefined;
      const units = selected.documents.reduce((n, d) => n + d.units.length, 0);
      return (emptySelectionProblem(plan, selected, selection) !== null) === (filtered && units === 0);
    }),
    { numRuns: 300 },
  );
  t.pass('300 generated plans and selections');
});

t.test('--tag and --level keep a document whose frontmatter could not be read: its tags might be those asked for, and it fails on its frontmatter', async (t) => {
  const unreadable: DocumentPlan = { ...document('c.md', {}, ['Broken']), metadataUnreadable: true, problems: [{ file: 'c.md', line: 4, message: 'frontmatter is not valid YAML', severity: 'error' }] };
  const plan: TestPlan = { documents: [...whole.documents, unreadable] };
  t.same(selectUnits(plan, { tags: ['fast'] }).documents.map((d) => d.file), ['a.md', 'c.md']);
  t.same(selectUnits(plan, { level: 'scenario' }).documents.map((d) => d.file), ['b.md', 'c.md']);
  t.same(selectUnits({ documents: [document('d.md', {}, ['Plain'])] }, { tags: ['fast'] }).documents, [], 'a document read without tags is left out');
});

t.test('--watch follows the units file:LINE chose by name: an edit above them moves their lines, not them', async (t) => {
  const { linesAsNames } = await import('../../src/run/select.js');
  const { resolve } = await import('node:path');
  const first: TestPlan = { documents: [{ ...document('w.md', {}, ['First', 'Second']), units: [document('w.md', {}, ['First', 'Second']).units[1]] }] };
  const selection = linesAsNames(first, { lines: new Map([[resolve('w.md'), [2]]]) });
  t.equal(selection.lines, undefined);
  t.same([...(selection.named?.get(resolve('w.md')) ?? [])], ['Second']);
  const edited: TestPlan = { documents: [document('w.md', {}, ['Zero', 'First', 'Second'])] };
  t.same(selectUnits(edited, selection).documents[0].units.map((u) => u.name), ['Second'], 'the unit named Second, now at another line');
  t.same(selectUnits({ documents: [document('w.md', {}, ['Renamed'])] }, selection).documents, [], 'a unit no longer there selects nothing');
});

t.test('--grep matches a scenario by the name reports show, requirement and all; its message shows the pattern as typed', async (t) => {
  const scenario = { id: 's.md#1', kind: 'scenario', name: 'Wrong expectation', requirement: 'Subtraction', file: 's.md', line: 5, headingPath: ['Requirement: Subtraction', 'Scenario: Wrong expectation'], steps: [], blocks: [] } as unknown as DocumentPlan['units'][number];
  const plan: TestPlan = { documents: [{ ...document('s.md', {}, []), family: 'openspec', units: [scenario] }] };
  t.same(selectUnits(plan, { grep: /Subtraction \/ Wrong/i }).documents[0]?.units.map((u) => u.name), ['Wrong expectation']);
  t.equal(emptySelectionProblem(plan, selectUnits(plan, { grep: new RegExp('Addition / Small', 'i') }), { grep: new RegExp('Addition / Small', 'i') }), "--grep 'Addition / Small' selects no unit of the 1 document with 1 unit (see spec-run --list)");
});

t.test('--tag and --level keep a document whose tags or level stand under a mistyped key (Tags, levle): it fails on that key', async (t) => {
  const typo = document('typo.md', { Tags: ['fast'], levle: 'unit' }, ['Typo']);
  const plan: TestPlan = { documents: [document('ok.md', { tags: ['fast'], level: 'unit' }, ['Ok']), typo] };
  t.same(selectUnits(plan, { tags: ['fast'] }).documents.map((d) => d.file), ['ok.md', 'typo.md']);
  t.same(selectUnits(plan, { level: 'unit' }).documents.map((d) => d.file), ['ok.md', 'typo.md']);
  t.same(selectUnits({ documents: [document('other.md', { colour: 'red' }, ['Other'])] }, { tags: ['fast'] }).documents, [], 'another unknown key is no tag');
});

t.test("--change with a line of a delta that has no unit of its own (RENAMED or REMOVED only) selects no unit, not the whole capability", async (t) => {
  const { parseMarkdown } = await import('../../src/parse/index.js');
  const { translate } = await import('../../src/translate/index.js');
  const { applyChange } = await import('../../src/translate/openspec-change.js');
  const scenario = (when: string) => `#### Scenario: s\n- **WHEN** ${when}\n- **THEN** it is done\n`;
  const base = translate(parseMarkdown('openspec/specs/calc/spec.md', `## Requirements\n\n### Requirement: Addition\nIt SHALL add.\n\n${scenario('I add')}\n### Requirement: Subtraction\nIt SHALL subtract.\n\n${scenario('I subtract')}`));
  const delta = 'openspec/changes/x/specs/calc/spec.md';
  for (const [what, text, line] of [
    ['RENAMED', '## RENAMED Requirements\n- FROM: `### Requirement: Subtraction`\n- TO: `### Requirement: Minus`\n', 2],
    ['REMOVED', '## REMOVED Requirements\n\n### Requirement: Subtraction\n**Reason**: unused.\n', 4],
  ] as const) {
    const applied = applyChange([base, translate(parseMarkdown(delta, text))], 'x');
    if (typeof applied === 'string') throw new Error(applied);
    const whole: TestPlan = { documents: applied };
    const lines = new Map([[path.resolve(delta), [line]]]);
    const selected = selectUnits(whole, { lines });
    t.same(selected.documents, [], `${what}: no unit selected`);
    t.equal(emptySelectionProblem(whole, selected, { lines }), `${delta}:${line} selects no unit of the 1 document with ${what === 'RENAMED' ? 2 : 1} unit${what === 'RENAMED' ? 's' : ''} (see spec-run --list)`, what);
    t.equal(selectUnits(whole, { lines: new Map([[path.resolve('openspec/specs/calc/spec.md'), [6]]]) }).documents[0].units.length, 1, `${what}: a line of the capability's spec still selects its unit`);
  }
});

t.test('a selection that narrows a document runs after its units only the checking functions --grep names: the units left out would have called the others', async (t) => {
  const called = (name: string, line: number) => ({ name, line, headingPath: [], checks: [{ line, text: '(assert t)' }], callableWithoutArguments: true });
  const plan: TestPlan = { documents: [{ ...document('a.md', {}, ['Boiling point', 'Freezing']), calledCheckFunctions: [called('verify-boiling', 10), called('verify-other', 11)] }] };
  const names = (selection: Selection) => selectUnits(plan, selection).documents[0].calledCheckFunctions?.map((fn) => fn.name);
  t.same(names({}), ['verify-boiling', 'verify-other'], 'the whole document: each runs if the run never makes its checks');
  t.same(names({ grep: /boil/i }), ['verify-boiling']);
  t.same(names({ grep: /freezing/i }), undefined);
  t.same(names({ grep: /point|freezing/i }), ['verify-boiling', 'verify-other'], 'every unit selected: nothing narrowed');
});

t.test("a tag written as cucumber-js writes it ('@smoke') is the tag --tag smoke and --tag @smoke name (the option drops the @ too)", async (t) => {
  const plan: TestPlan = { documents: [document('at.md', { tags: ['@smoke', 'io'] }, ['A']), document('bare.md', { tags: ['smoke'] }, ['B']), document('other.md', { tags: ['@slow'] }, ['C'])] };
  t.same(selectUnits(plan, { tags: ['smoke'] }).documents.map((d) => d.file), ['at.md', 'bare.md']);
  t.same(selectUnits(plan, { tags: ['slow'] }).documents.map((d) => d.file), ['other.md']);
  t.same(selectUnits(plan, { tags: ['io'] }).documents.map((d) => d.file), ['at.md']);
  t.equal(emptySelectionProblem(plan, selectUnits(plan, { tags: ['nosuch'] }), { tags: ['nosuch'] }), '--tag nosuch selects no unit of the 3 documents with 3 units; tags: io, slow, smoke (see spec-run --list)', 'the tags offered are those --tag can name');
});

t.test('a document without `level:` is of the level its `type:` names (`type: property` is what --runs reads as a property document)', async (t) => {
  const plan: TestPlan = { documents: [document('typed.md', { type: 'Property' }, ['P']), document('levelled.md', { type: 'scenario', level: 'contract' }, ['L']), document('plain.md', {}, ['N'])] };
  t.same(selectUnits(plan, { level: 'property' }).documents.map((d) => d.file), ['typed.md']);
  t.same(selectUnits(plan, { level: 'contract' }).documents.map((d) => d.file), ['levelled.md'], 'a level written beside the type is the level');
  t.same(selectUnits(plan, { level: 'scenario' }).documents, [], 'the type a level overrides is not its level');
  t.equal(emptySelectionProblem(plan, selectUnits(plan, { level: 'nosuch' }), { level: 'nosuch' }), '--level nosuch selects no unit of the 3 documents with 3 units; levels: Property, contract (see spec-run --list)');
});
