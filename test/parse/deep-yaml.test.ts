// YAML nested past what its reader's recursion reaches (the frontmatter, a scenario's block,
// an executor configuration) is said to nest too deeply, at the place the reader gave up: it
// said "Maximum call stack size exceeded", and frontmatter of thousands of '[' was blamed on
// "a paragraph" by the markdown cost checks, which frontmatter (YAML) never meets.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { loadConfig } from '../../src/executor/config.js';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../e2e/corpus-run.js';

/** Nested 20,000 deep: past any stack's reach, within the 64 KiB a frontmatter may hold. */
const DEEP = 20_000;
const deepFlow = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const TOO_DEEP = /nests its collections too deeply to read: the YAML reader gave up here, hundreds of levels in/;

t.test('frontmatter nested past the reader is one error at its line, said as too deep: not the engine, not a paragraph', async (t) => {
  const doc = parseMarkdown('deep.md', `---\ntype: verification\nx: ${deepFlow}\n---\n# Deep\n\n\`\`\`lisp\n(is (= 1 1))\n\`\`\`\n`);
  t.equal(doc.problems.length, 1, JSON.stringify(doc.problems));
  t.match(doc.problems[0], { line: 3, severity: 'error', message: /^frontmatter nests its collections too deeply to read/ });
  t.notMatch(doc.problems[0].message, /Maximum call stack|paragraph|not valid YAML/);
});

t.test('frontmatter nested 200 levels by indentation is read: its lines are YAML, not markdown list items', async (t) => {
  const lines = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}k${i}:`);
  lines[lines.length - 1] += ' deepest';
  const doc = parseMarkdown('indented.md', `---\ntype: verification\n${lines.join('\n')}\n---\n# Indented\n`);
  t.same(doc.problems.filter((p) => p.severity === 'error'), []);
  let value: unknown = doc.metadata.k0;
  for (let i = 1; i < 200; i++) value = (value as Record<string, unknown>)[`k${i}`];
  t.equal(value, 'deepest', 'the deepest value is read');
});

t.test('the same brackets in the body are still a paragraph markdown would take minutes over', async (t) => {
  const doc = parseMarkdown('body.md', `---\ntype: verification\n---\n# Body\n\n${deepFlow}\n`);
  t.match(doc.problems, [{ line: 6, severity: 'error', message: /a paragraph with \d+ '\[' open at once/ }]);
});

t.test("a scenario's YAML block and an executor configuration nested past the reader say so, placed", async (t) => {
  const loaded = loadConfig(`stop:\n  commands:\n    - run: ${deepFlow}\n`);
  t.equal(loaded.errors.length, 1);
  t.match(loaded.errors[0], { path: '(yaml)', line: 3, message: /^\(yaml\): collections nested too deeply to read: the YAML reader gave up here.*\[RESOURCE_EXHAUSTION\]$/ });
  const dir = t.testdir({});
  const file = join(dir, 'deep.spec.md');
  writeFileSync(file, `# Deep\n\n## Purpose\nDeep.\n\n## Requirements\n\n### Requirement: R\nThe runner SHALL run.\n\n#### Scenario: s\n- **WHEN** this runs:\n\`\`\`yaml\nstop:\n  commands:\n    - run: ${deepFlow}\n\`\`\`\n- **THEN** the exit code is 0\n`);
  const check = await promisify(execFile)(process.execPath, [join(root, 'dist/src/cli/main.js'), 'check', 'deep.spec.md', '--executor-steps'], { cwd: dir }).catch((error: { stdout: string; code: number }) => error);
  t.match(check.stdout, new RegExp(`^deep\\.spec\\.md:16:\\d+: error: the YAML block of scenario 's' ${TOO_DEEP.source}`, 'm'));
  t.notMatch(check.stdout, /Maximum call stack|not valid YAML/);
});
