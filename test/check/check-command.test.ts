// spec-run check end to end: a real process, SBCL asked about the names.
import t from 'tap';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'dist/src/cli/main.js');

function check(paths: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(process.execPath, [cli, 'check', ...paths], { cwd: root }, (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code) : 0, stdout, stderr })),
  );
}

const lispDocument = `---
type: verification
name: broken
tags: timeout
colour: blue
---
# Broken

## Calls

\`\`\`lisp
(let* ((response (send-tool-call *s* "evaluate-lispp" '(("code" . "1"))))
       (text (result-content-text response)))
  (assert (serach "=> 1" text)))
\`\`\`

## Unbalanced

\`\`\`lisp
(assert (= 1 1)
\`\`\`
`;

const openspecDocument = `# Specification: Things

### Requirement: Unexercised
The system does things.

### Requirement: Exercised
The system SHALL do things.

#### Scenario: One
Then:
1. The frobnicator spins 3 times
`;

t.test('each problem is a file:line:col message; errors make exit status 1', async (t) => {
  const dir = t.testdir({ 'broken.md': lispDocument, 'spec.md': openspecDocument });
  const { code, stdout, stderr } = await check([dir]);
  t.equal(code, 1);
  const file = join(dir, 'broken.md');
  t.match(stdout, `${file}:1:1: warning: unknown frontmatter field 'colour'`);
  t.match(stdout, `${file}:1:1: error: frontmatter 'tags' must be a list of strings`);
  t.match(stdout, `${file}:12:38: error: tool 'evaluate-lispp' is not listed by the runtime`);
  t.match(stdout, `${file}:14:12: error: 'serach' is called but neither this document nor the test vocabulary defines it`);
  t.notMatch(stdout, /'(let\*|send-tool-call|result-content-text|assert|response|text)'/, 'vocabulary, CL and bound variables are not reported');
  t.match(stdout, new RegExp(`${file}:20:\\d+: error: .*unbalanced|${file}:20:\\d+: error: .*(closed|end)`, 'i'));
  const spec = join(dir, 'spec.md');
  t.match(stdout, `${spec}:3:1: error: requirement 'Unexercised' has no '#### Scenario:'`);
  t.match(stdout, `${spec}:3:1: warning: requirement 'Unexercised' does not state what is required with SHALL or MUST`);
  t.match(stdout, `${spec}:11:1: warning: undefined step 'The frobnicator spins 3 times'; define it with:\nThen('The frobnicator spins {int} times', function (int) {`);
  t.match(stderr, /2 documents checked: [1-9]\d* errors/);
});

t.test('the seed documents check clean', async (t) => {
  const { code, stdout } = await check([resolve(root, '../shared/seed-specs')]);
  t.equal(stdout, '');
  t.equal(code, 0);
});
