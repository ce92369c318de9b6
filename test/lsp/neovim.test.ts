// A real editor as the client: Neovim (Debian's `neovim`, headless) opens a document
// with a reader error, its built-in LSP client starts spec-run lsp --stdio, and the
// diagnostics it received are written out by test/lsp/neovim/diagnostics.lua. The
// protocol is thus tested against a client nobody here wrote.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDirectory } from '../support/scratch.js';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(repository, 'dist/src/cli/main.js');

/** Headless Neovim in DIR, editing DOCUMENT with SCRIPT (of test/lsp/neovim/) run first, the server started as $SPEC_RUN_LSP_CMD; ENV for the script. */
function nvim(script: string, dir: string, document: string, env: Record<string, string>, timeout: number): Promise<{ code: number | null; stderr: string }> {
  const environment = { ...process.env, SPEC_RUN_LSP_CMD: JSON.stringify([process.execPath, cli, 'lsp', '--stdio']), ...env };
  return new Promise((done) =>
    execFile('nvim', ['--headless', '--clean', '-c', `luafile ${join(repository, 'test/lsp/neovim', script)}`, document], { cwd: dir, env: environment, timeout }, (error, _stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    ),
  );
}

const DOCUMENT = `---
type: verification
name: arithmetic
---
# Arithmetic

## A sum

\`\`\`lisp
(assert (= 2 (+ 1 1)))
\`\`\`

## A product

\`\`\`lisp
(assert (= 4 (* 2 2))
\`\`\`
`;

t.test('Neovim receives the reader error at its line', async (t) => {
  const dir = scratchDirectory('spec-run-nvim-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'specs'));
  writeFileSync(join(dir, 'specs/arithmetic.test.md'), DOCUMENT);
  const out = join(dir, 'diagnostics.json');
  const ended = await nvim('diagnostics.lua', dir, 'specs/arithmetic.test.md', { SPEC_RUN_LSP_OUT: out, SPEC_RUN_LSP_WAIT_MS: '60000' }, 90_000);
  t.equal(ended.code, 0, `nvim ended normally: ${ended.stderr}`);
  const written = JSON.parse(readFileSync(out, 'utf8')) as { received: boolean; diagnostics: { line: number; column: number; severity: number; message: string; source: string }[] };
  t.equal(written.received, true, 'diagnostics arrived before the wait ran out');
  const line = DOCUMENT.split('\n').indexOf('(assert (= 4 (* 2 2))');
  t.same(
    written.diagnostics.map((d) => [d.line, d.severity, d.source]),
    [[line, 1, 'spec-run']],
    'one error, at the unclosed form (0-based line, as Neovim numbers them)',
  );
  t.match(written.diagnostics[0]?.message, /^Lisp code cannot be read: unbalanced parentheses: \( opened at line \d+ is never closed/);
});

const COUNTER = `### Requirement: Counting
The counter SHALL add what it is given.

#### Scenario: Adding
- **GIVEN** a counter at 2
- **WHEN** 3 is added
- **THEN** the counter shows 5
`;

t.test("Neovim 0.7 (it watches no files): a steps file the configuration's glob names, whose top level loops, is said on its steps; rewritten on disk, the steps bind, the server running all along", async (t) => {
  const dir = scratchDirectory('spec-run-nvim-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'specs'));
  mkdirSync(join(dir, 'support'));
  writeFileSync(join(dir, 'spec-run.config.json'), JSON.stringify({ paths: ['specs/'], steps: ['support/*.mjs'] }));
  writeFileSync(join(dir, 'specs/counter.spec.md'), COUNTER);
  writeFileSync(join(dir, 'support/counter.mjs'), "import { Given, When, Then } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) { this.count = n; });\nwhile (true) {}\n");
  const fixed = "import { Given, When, Then } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) { this.count = n; });\nWhen('{int} is added', function (n) { this.count += n; });\nThen('the counter shows {int}', function (n) { if (!this.scenario) throw new Error(); this.held = true; });";
  const out = join(dir, 'diagnostics.json');
  const env = { SPEC_RUN_LSP_OUT: out, SPEC_RUN_LSP_WAIT_MS: '60000', SPEC_RUN_LSP_WRITE_PATH: join(dir, 'support/counter.mjs'), SPEC_RUN_LSP_WRITE_TEXT: fixed };
  const ended = await nvim('steps-file-written.lua', dir, 'specs/counter.spec.md', env, 150_000);
  t.equal(ended.code, 0, `nvim ended normally: ${ended.stderr}`);
  const written = JSON.parse(readFileSync(out, 'utf8')) as { received: boolean; first: { line: number; message: string }[]; cleared: boolean; after: unknown[]; running: boolean };
  t.equal(written.received, true, 'diagnostics arrived');
  t.match(written.first, [{ line: COUNTER.split('\n').findIndex((l) => l.includes('a counter at 2')), message: /has no definition loaded: .*support\/counter\.mjs:1: the top level of steps file support\/counter\.mjs did not return within 10 s/ }]);
  t.equal(written.cleared, true, `the file rewritten, every step binds: ${JSON.stringify(written.after)}`);
  t.equal(written.running, true, 'the server runs still');
});

t.test("Neovim 0.7 keeps an old lens: run after a scenario was written above its unit, it runs the unit it was shown for, never the one now at its line", async (t) => {
  const dir = scratchDirectory('spec-run-nvim-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'specs'));
  mkdirSync(join(dir, 'steps'));
  const failing = COUNTER.replace('shows 5', 'shows 6');
  writeFileSync(join(dir, 'specs/counter.spec.md'), failing);
  writeFileSync(join(dir, 'steps/counter.mjs'), "import assert from 'node:assert/strict';\nimport { Given, When, Then } from 'spec-run/steps';\nGiven('a counter at {int}', function (n) { this.count = n; });\nWhen('{int} is added', function (n) { this.count += n; });\nThen('the counter shows {int}', function (n) { assert.equal(this.count, n); });\n");
  // A passing scenario written above the failing one: the old lens's line is now the passing one's.
  const edited = failing.replace('#### Scenario: Adding', '#### Scenario: Starting\n- **GIVEN** a counter at 1\n- **THEN** the counter shows 1\n\n#### Scenario: Adding');
  const out = join(dir, 'stale-lens.json');
  const ended = await nvim('stale-lens.lua', dir, 'specs/counter.spec.md', { SPEC_RUN_LSP_OUT: out, SPEC_RUN_LSP_WAIT_MS: '60000', SPEC_RUN_LSP_WRITE_TEXT: edited.replace(/\n$/, '') }, 150_000);
  t.equal(ended.code, 0, `nvim ended normally: ${ended.stderr}`);
  const written = JSON.parse(readFileSync(out, 'utf8')) as { ran: { exitCode: number; ran: number[] } | null; error: string | null; hover: string | null };
  t.equal(written.ran?.exitCode, 1, `the failing unit the lens was shown for ran: ${JSON.stringify(written)}`);
  t.same(written.ran?.ran, [edited.split('\n').findIndex((l) => l.includes('Scenario: Adding')) + 1], 'at the line it moved to');
  t.match(written.hover, /^\*\*Starting\*\* \(scenario\)\n\nNot run in the recorded runs/, 'the scenario now at the lens line did not run, and no green is shown for it');
});
