// From a user's seat (spec-run packed, installed into a fresh project): a steps file whose
// top level fails is reported in the run's JSON stream and TAP at the file, line and column
// the user wrote, for .ts and .mts files (which jiti transpiles, moving columns) as for .js.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Numbers
The thing SHALL count.

#### Scenario: One
- **GIVEN** a number 1
- **THEN** the number is 1
`;

const BODIES = {
  throw: (ts: boolean) => `${ts ? 'const n: number = 1 as number;   ' : 'const n = 1;   '}throw new Error('broken ' + n);\n`,
  syntax: (ts: boolean) => `const y${ts ? ': number' : ''} = 1 +;\n`,
  import: () => `import { helper } from './no-such-helper.js';\nhelper();\n`,
};
const MARKERS = { throw: ['new Error', 0], syntax: ['+;', 1], import: ['import { helper }', 0] } as const;

function placeOf(text: string, marker: string, shift: number): string {
  const before = text.slice(0, text.indexOf(marker) + shift).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

t.test('a run names each broken steps file at its line and column as written', async (t) => {
  const files: Record<string, string> = { 'specs/numbers.spec.md': SPEC };
  const expected: Record<string, string> = {};
  for (const extension of ['ts', 'mts', 'js']) {
    for (const [kind, body] of Object.entries(BODIES)) {
      const name = `steps/${kind}.steps.${extension}`;
      const text = `import { Given } from 'spec-run/steps';\n${extension === 'js' ? '// a comment\n' : 'type Unused = { a: string };\n'}${body(extension !== 'js')}`;
      files[name] = text;
      const [marker, shift] = MARKERS[kind as keyof typeof MARKERS];
      expected[name] = placeOf(text, marker, shift);
    }
  }
  const project = userProject(files);
  const run = await project.specRun(['specs/', '--reporter', 'json:run.json']);
  t.equal(run.code, 1, 'the run fails', { stderr: run.stderr });
  const points = readFileSync(join(project.dir, 'run.json'), 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((event) => event.type === 'point' && /^cannot load steps file/.test(event.name));
  const reported = Object.fromEntries(points.map((point) => [point.at.file, `${point.at.line}:${point.diagnostics?.column}`]));
  t.same(reported, expected, 'each file at its line:column as written');
  for (const name of Object.keys(expected)) t.match(run.stdout, new RegExp(`at: ${name.replace(/\./g, '\\.')}:${expected[name].split(':')[0]}\\n\\s+column: ${expected[name].split(':')[1]}`), `TAP says ${name}'s place`);
});
