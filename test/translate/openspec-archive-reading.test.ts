// A change checked against its capability's spec as OpenSpec's archive reads both, off the
// headings' lines as written: requirement and scenario names keep their inline marks (and a
// requirement's a closing `#` run); a spec's requirements are read only under
// `## Requirements`; every level-4 heading of a requirement counts as one of its scenarios.
import t from 'tap';
import fc from 'fast-check';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { applyChange, deltaProblems } from '../../src/translate/openspec-change.js';

const SPEC_PATH = 'openspec/specs/health/spec.md';
const DELTA_PATH = 'openspec/changes/c1/specs/health/spec.md';
const scenario = (name: string) => `#### Scenario: ${name}\n- **WHEN** a client requests "/health"\n- **THEN** the status SHALL be 200\n`;
const requirement = (name: string, ...scenarios: string[]) => `### Requirement: ${name}\nThe service SHALL answer.\n\n${scenarios.map(scenario).join('\n')}`;
const spec = (body: string) => translate(parseMarkdown(SPEC_PATH, `# Health Specification\n\n## Purpose\nHealth.\n\n${body}`));
const modified = (body: string) => translate(parseMarkdown(DELTA_PATH, `## MODIFIED Requirements\n\n${body}`));
/** The delta's problems against the spec, as messages. */
const problems = (specBody: string, deltaBody: string) => deltaProblems(modified(deltaBody), spec(`## Requirements\n\n${specBody}`)).map((p) => p.message);

t.test("a requirement is named by its heading's line as written: a change naming markdown's rendering of it names none, its written name is applied", async (t) => {
  const written = 'The `GET /health` endpoint';
  const specBody = requirement(written, 'Healthy');
  t.match(problems(specBody, requirement('The GET /health endpoint', 'Healthy')), [/^MODIFIED requirement 'The GET \/health endpoint' names no requirement of .*\(its requirements: 'The `GET \/health` endpoint'\)/]);
  t.same(problems(specBody, requirement(written, 'Healthy')), []);
  const applied = applyChange([spec(`## Requirements\n\n${specBody}`), modified(requirement(written, 'Healthy'))], 'c1');
  t.same(typeof applied === 'string' ? applied : applied[0].requirements!.map((r) => [r.name, r.units.length]), [[written, 1]], 'applied under its written name, its scenario linked');
  // A closing `#` run is part of the name for OpenSpec, whose header pattern reads the line to its end.
  t.match(problems(requirement('Health endpoint ###', 'Healthy'), requirement('Health endpoint', 'Healthy')), [/names no requirement .*'Health endpoint ###'/]);
  t.same(problems(requirement('Health endpoint ###', 'Healthy'), requirement('Health endpoint ###', 'Healthy')), []);
});

t.test('whatever inline marks a name holds, the delta naming it as written is accepted, and one naming it otherwise refused', async (t) => {
  const word = fc.constantFrom('alpha', 'beta', 'GET', '/health', 'x-1');
  const marked = fc.tuple(word, fc.constantFrom('', '`', '**', '_')).map(([w, mark]) => `${mark}${w}${mark.split('').reverse().join('')}`);
  t.doesNotThrow(() =>
    fc.assert(
    fc.property(fc.array(marked, { minLength: 1, maxLength: 4 }), (parts) => {
      const name = parts.join(' ');
      const plain = name.replace(/[`*_]/g, '');
      const specBody = requirement(name, 'One');
      if (problems(specBody, requirement(name, 'One')).length !== 0) return false;
      return plain === name || problems(specBody, requirement(plain, 'One')).some((m) => m.includes('names no requirement'));
    }),
    { numRuns: 40 },
  ),
  );
});

t.test("a scenario is compared by its heading's line as written: inline marks kept, a closing `#` run and `Scenario:` left out", async (t) => {
  const specBody = requirement('Health endpoint', 'Healthy', 'Body says `ok`');
  t.same(problems(specBody, requirement('Health endpoint', 'Healthy', 'Body says ok')), [
    "MODIFIED requirement 'Health endpoint' leaves out scenario the current spec still has ('Body says `ok`'): a MODIFIED requirement replaces the whole requirement; copy it in, or remove it on purpose",
  ]);
  t.same(problems(specBody, requirement('Health endpoint', 'Healthy', 'Body says `ok`')), []);
  t.same(problems(requirement('Health endpoint', 'Healthy ##'), requirement('Health endpoint', 'Healthy')), [], 'a closing # run is no part of a scenario name');
});

t.test('every level-4 heading of a requirement counts as one of its scenarios: a MODIFIED requirement leaving out `#### Notes` is refused, one keeping it accepted', async (t) => {
  const notes = '#### Notes\nThe body is plain text.\n';
  const specBody = `${requirement('Health endpoint', 'Healthy')}\n${notes}\n${requirement('Version endpoint', 'Served')}`;
  t.same(problems(specBody, requirement('Health endpoint', 'Healthy')), [
    "MODIFIED requirement 'Health endpoint' leaves out scenario the current spec still has ('Notes'): a MODIFIED requirement replaces the whole requirement; copy it in, or remove it on purpose",
  ]);
  t.same(problems(specBody, `${requirement('Health endpoint', 'Healthy')}\n${notes}`), []);
  t.same(problems(specBody, requirement('Version endpoint', 'Served')), [], "another requirement's level-4 heading is not this one's");
  const fenced = `${requirement('Health endpoint', 'Healthy')}\n\`\`\`markdown\n#### Scenario: an example\n\`\`\`\n`;
  t.same(problems(fenced, requirement('Health endpoint', 'Healthy')), [], 'a heading inside a fenced block is none');
});

t.test("a spec's requirements are read only under '## Requirements': a change of one outside it is refused with where it is and why, one inside accepted", async (t) => {
  const health = requirement('Health endpoint', 'Healthy');
  const version = requirement('Version endpoint', 'Served');
  const outside = spec(`## Requirements\n\n${health}\n## Notes\nSome notes.\n\n${version}`);
  const messages = (current: ReturnType<typeof spec>, body: string) => deltaProblems(modified(body), current).map((p) => p.message);
  t.match(messages(outside, version), [/^MODIFIED requirement 'Version endpoint' stands at line \d+ of openspec\/specs\/health\/spec\.md, where OpenSpec's archive does not read it: it stands under '## Notes', and OpenSpec reads requirements only under '## Requirements': move it there$/]);
  t.same(messages(outside, health), []);
  t.match(outside.openspecArchive!.unread, [{ name: 'Version endpoint', why: /under '## Notes'/ }]);
  t.same(outside.openspecArchive!.requirements.map((r) => r.name), ['Health endpoint']);

  const without = spec(`${health}\n${version}`);
  t.match(messages(without, health), [/^MODIFIED requirement 'Health endpoint' stands at line \d+ .*the spec has no '## Requirements' section/]);
  t.match(messages(without, requirement('Nothing', 'Healthy')), [/names no requirement of .*\(OpenSpec's archive reads none of its requirements: the spec has no '## Requirements' section/]);
  const added = deltaProblems(translate(parseMarkdown(DELTA_PATH, `## ADDED Requirements\n\n${version}`)), outside).map((p) => p.message);
  t.match(added, [/^ADDED requirement 'Version endpoint' also stands at line \d+ .*archived, the spec would hold it twice$/]);
  t.same(spec(`## Requirements\n\n${health}\n${version}`).openspecArchive!.unread, [], 'a spec whose requirements all stand under it has none unread');
});
