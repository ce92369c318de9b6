// Requirement extraction: OpenSpec requirement headings and frontmatter source/covers,
// on the seeds and on small documents; exclusions from the document and the configuration.
import t from 'tap';
import { parseFile, parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { distinctCapabilities, excludeRequirements, normativeSentences, requirementsInScope } from '../../src/translate/requirements.js';
import { selectUnits } from '../../src/run/select.js';
import { seedPath } from '../parse/seed-files.js';

t.test('OpenSpec seed: every Requirement heading, its SHALL sentence, and the scenarios under it', async (t) => {
  const file = seedPath('command-timeouts.spec.md');
  const plan = translate(await parseFile(file));
  const requirements = plan.requirements ?? [];
  t.equal(requirements.length, 11);
  const grace = requirements.find((r) => r.name === 'Timeout Grace Period')!;
  t.equal(grace.id, `${file}#Timeout Grace Period`);
  t.equal(grace.line, 160);
  t.same(grace.statements, ['The system SHALL provide a grace period for processes to shut down gracefully before forced termination.']);
  const names = grace.units.map((id) => plan.units.find((u) => u.id === id)!.name);
  t.same(names, ['Graceful Shutdown Before Kill', 'Immediate Kill Without Grace (Future)']);
  // Every scenario belongs to exactly one requirement, and carries its id.
  for (const unit of plan.units) {
    t.equal(requirements.filter((r) => r.units.includes(unit.id)).length, 1, unit.name);
    t.same(unit.requirements, [requirements.find((r) => r.units.includes(unit.id))!.id]);
  }
});

t.test('Lisp seeds: frontmatter source and covers entries, verified by every unit', async (t) => {
  const contract = translate(await parseFile(seedPath('configure-limits-tool.test.md')));
  t.same(contract.requirements!.map((r) => [r.name, r.origin]), [['contracts/configure-limits-tool.md', 'frontmatter-source']]);
  t.same(contract.requirements![0].units, contract.units.map((u) => u.id));
  const property = translate(await parseFile(seedPath('timing-isolation.md')));
  t.same(property.requirements!.map((r) => [r.name, r.origin]), [['contracts/time-execution-tool', 'frontmatter-covers']]);
  t.match(property.requirements![0].statements.join(' '), /MUST exclude MCP protocol overhead/);
});

t.test("a frontmatter requirement is at its key's line: a report of it not verified points there", async (t) => {
  const plan = translate(parseMarkdown('d.md', '---\ntitle: D\nsource: contracts/a.md\ncovers:\n  - contracts/b\n---\n# D\n\n```lisp\n(assert t)\n```\n'));
  t.same(plan.requirements!.map((r) => [r.name, r.line]), [['contracts/a.md', 3], ['contracts/b', 4]]);
});

const openspec = (body: string) =>
  translate(parseMarkdown('reqs.md', `# Reqs\n\n### Requirement: Alpha\nThe system SHALL do alpha. It is nice.\n\n#### Scenario: One\n- **WHEN** x\n- **THEN** y\n\n${body}`));

t.test('a requirement without a scenario has no units; an "Excluded:" paragraph excludes it', async (t) => {
  const plan = openspec(`### Requirement: Beta\nThe system MUST do beta.\n\nExcluded: beta ships in v2\n\n### Requirement: Gamma\nThe system SHALL do gamma.\n`);
  const [alpha, beta, gamma] = plan.requirements!;
  t.same(alpha.statements, ['The system SHALL do alpha.']);
  t.equal(alpha.units.length, 1);
  t.same(beta.units, []);
  t.equal(beta.excluded, 'beta ships in v2');
  t.equal(gamma.excluded, undefined);
});

t.test('two requirements of one name keep distinct ids and their own scenarios', async (t) => {
  const plan = openspec(`### Requirement: Alpha\nThe system SHALL do it again.\n\n#### Scenario: Two\n- **WHEN** a\n- **THEN** b\n`);
  const [first, second] = plan.requirements!;
  t.not(first.id, second.id);
  t.same(first.units, [plan.units[0].id]);
  t.same(second.units, [plan.units[1].id]);
});

t.test('frontmatter exclude: names requirements of the document with a reason', async (t) => {
  const plan = translate(parseMarkdown('x.test.md', `---\ntype: verification\nsource: specs/a.md\ncovers: [specs/b, specs/c]\nexclude:\n  specs/b: measured elsewhere\n---\n# X\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`));
  t.same(plan.requirements!.map((r) => [r.name, r.excluded ?? null]), [['specs/a.md', null], ['specs/b', 'measured elsewhere'], ['specs/c', null]]);
});

t.test('the configuration excludes by id or by name, and says which keys matched nothing', async (t) => {
  const plan = { documents: [openspec(`### Requirement: Beta\nThe system MUST do beta.\n`)] };
  const { plan: excluded, unmatched } = excludeRequirements(plan, { 'reqs.md#Alpha': 'by id', Beta: 'by name', Nope: 'nothing' });
  t.same(excluded.documents[0].requirements!.map((r) => r.excluded), ['by id', 'by name']);
  t.same(unmatched, ['Nope']);
});

t.test("a requirement's bare name that excludes requirements of several documents is said, with where each stands; an id or one document's name is not", async (t) => {
  const doc = (file: string) => translate(parseMarkdown(file, '# x\n\n### Requirement: Timeout\nIt SHALL end.\n\n### Requirement: Once\nIt SHALL hold.\n'));
  const plan = { documents: [doc('specs/a.md'), doc('specs/b.md')] };
  const { plan: excluded, widened } = excludeRequirements(plan, { Timeout: 'measured elsewhere', 'specs/a.md#Once': 'by id' });
  t.same(excluded.documents.map((d) => d.requirements!.map((r) => r.excluded ?? null)), [['measured elsewhere', 'by id'], ['measured elsewhere', null]], 'the name still excludes both, as documented');
  t.same(widened, [{ key: 'Timeout', places: ['specs/a.md:3', 'specs/b.md:3'] }]);
  t.same(excludeRequirements({ documents: [doc('specs/a.md')] }, { Timeout: 'one' }).widened, [], 'a name in one document widens nothing');
});

t.test('an exclusion by capability or name that names both a requirement a change renames and the one it ADDs under the freed name is ambiguous, and settles neither; an id names one', async (t) => {
  const spec = translate(parseMarkdown('openspec/specs/greeting/spec.md', '# greeting\n\n### Requirement: Greeting\nIt SHALL greet.\n\n#### Scenario: g\n- **WHEN** a\n- **THEN** b\n'));
  const deltaFile = 'openspec/changes/c1/specs/greeting/spec.md';
  const delta = translate(parseMarkdown(deltaFile, '## RENAMED Requirements\n- FROM: `### Requirement: Greeting`\n- TO: `### Requirement: Salutation`\n\n## ADDED Requirements\n\n### Requirement: Greeting\nIt SHALL greet anew.\n\n#### Scenario: n\n- **WHEN** a\n'));
  const plan = { documents: [spec, delta] };
  t.same(delta.requirements!.filter((r) => r.name === 'Greeting').map((r) => r.delta), ['added'], 'the delta ADDs a requirement under the freed name');
  for (const key of ['greeting#Greeting', 'Greeting']) {
    const { plan: excluded, ambiguous } = excludeRequirements(plan, { [key]: 'legacy' });
    t.equal(ambiguous.length, 1, `${key}: ambiguous`);
    t.match(ambiguous[0], `'${key}' names two requirements`);
    t.match(ambiguous[0], `${deltaFile}:7`);
    t.equal(excluded.documents[1].requirements!.find((r) => r.delta === 'added')?.excluded, undefined, `${key}: the new requirement is not settled`);
  }
  const byId = excludeRequirements(plan, { 'openspec/specs/greeting/spec.md#Greeting': 'legacy' });
  t.same(byId.ambiguous, [], 'an id names one requirement');
  t.same(byId.plan.documents.flatMap((d) => d.requirements!.filter((r) => r.excluded).map((r) => r.id)), ['openspec/specs/greeting/spec.md#Greeting']);
});

t.test('--grep leaves out the requirements none of whose units was selected', async (t) => {
  const plan = { documents: [openspec(`### Requirement: Beta\nThe system MUST do beta.\n\n#### Scenario: Other\n- **WHEN** a\n- **THEN** b\n\n### Requirement: Gamma\nNo scenario.\n`)] };
  const scoped = requirementsInScope(selectUnits(plan, { grep: /Other/ }));
  t.same(scoped.documents[0].requirements!.map((r) => r.name), ['Beta', 'Gamma'], 'Alpha is out of scope; Gamma, with no unit, stays untested');
});

t.test('normative sentences: only those saying SHALL or MUST', async (t) => {
  t.same(normativeSentences(['It SHALL run.  It may fly.\nIt MUST stop. shall is not enough.']), ['It SHALL run.', 'It MUST stop. shall is not enough.']);
});

t.test('--list shows each requirement at file:line with its units and exclusion', async (t) => {
  const { describePlan } = await import('../../src/translate/index.js');
  const listing = describePlan(openspec(`### Requirement: Beta\nThe system MUST do beta.\n\nExcluded: later\n`));
  t.match(listing, /requirements \(2\), each with the units that verify it:\n {4}reqs\.md:3 {2}Alpha {2}\(1 unit\)\n {4}reqs\.md:\d+ {2}Beta {2}\(0 units; excluded: later\)/);
});

t.test('two OpenSpec trees in one plan: a capability of one name in each is named by its directory, in the document name, capabilityId and exclusions; one tree keeps <capability>#<name>', async (t) => {
  const spec = (file: string) => translate(parseMarkdown(file, '# auth\n\n### Requirement: Value\nIt SHALL hold.\n\n#### Scenario: v\n- **WHEN** a\n- **THEN** b\n'));
  const delta = translate(parseMarkdown('packages/b/openspec/changes/c/specs/auth/spec.md', '## ADDED Requirements\n\n### Requirement: More\nIt SHALL hold.\n\n#### Scenario: m\n- **WHEN** a\n- **THEN** b\n'));
  const one = { documents: [spec('packages/a/openspec/specs/auth/spec.md')] };
  t.equal(distinctCapabilities(one), one, 'one tree: unchanged');
  t.equal(one.documents[0].requirements![0].capabilityId, 'auth#Value');

  const two = distinctCapabilities({ documents: [spec('packages/a/openspec/specs/auth/spec.md'), spec('packages/b/openspec/specs/auth/spec.md'), delta] });
  t.same(two.documents.map((d) => d.name), ['packages/a/openspec/specs/auth', 'packages/b/openspec/specs/auth', 'packages/b/openspec/specs/auth (change c)']);
  t.same(two.documents.flatMap((d) => d.requirements!.map((r) => r.capabilityId)), ['packages/a/openspec/specs/auth#Value', 'packages/b/openspec/specs/auth#Value', 'packages/b/openspec/specs/auth#More']);

  const { plan: excluded, unmatched } = excludeRequirements(two, { 'packages/a/openspec/specs/auth#Value': 'a only', 'auth#More': 'ambiguous' });
  t.same(excluded.documents.map((d) => d.requirements![0].excluded), ['a only', undefined, undefined], "only package a's");
  t.same(unmatched, ['auth#More'], 'the bare capability names no single requirement: said, not applied to both');
  t.same(excludeRequirements(one, { 'packages/a/openspec/specs/auth#Value': 'a only' }).unmatched, [], "the directory's form holds in a run of the one tree");
});

t.test("a capability's name is the project's, whatever the plan selected: a plan of one tree of a project of two names it by its directory", async (t) => {
  const spec = (file: string) => translate(parseMarkdown(file, '# auth\n\n### Requirement: Value\nIt SHALL hold.\n\n#### Scenario: v\n- **WHEN** a\n- **THEN** b\n'));
  const project = ['packages/a/openspec/specs/auth/spec.md', 'packages/b/openspec/specs/auth/spec.md'];
  const full = distinctCapabilities({ documents: project.map(spec) }, project);
  for (const selected of [[project[1]], [project[0]]]) {
    const rerun = distinctCapabilities({ documents: selected.map(spec) }, project);
    const inFull = full.documents.find((d) => d.file === selected[0])!;
    t.equal(rerun.documents[0].name, inFull.name, `${selected[0]}: the name of the full run`);
    t.equal(rerun.documents[0].requirements![0].capabilityId, inFull.requirements![0].capabilityId, `${selected[0]}: the capabilityId of the full run`);
  }
  t.equal(distinctCapabilities({ documents: [spec(project[1])] }, [project[1]]).documents[0].requirements![0].capabilityId, 'auth#Value', 'a project of one tree keeps <capability>#<name>');
});
