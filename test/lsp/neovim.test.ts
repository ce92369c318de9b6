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
const config = join(repository, 'test/lsp/neovim/diagnostics.lua');

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
  const env = { ...process.env, SPEC_RUN_LSP_CMD: JSON.stringify([process.execPath, cli, 'lsp', '--stdio']), SPEC_RUN_LSP_OUT: out, SPEC_RUN_LSP_WAIT_MS: '60000' };
  const nvim = await new Promise<{ code: number | null; stderr: string }>((done) =>
    execFile('nvim', ['--headless', '--clean', '-c', `luafile ${config}`, 'specs/arithmetic.test.md'], { cwd: dir, env, timeout: 90_000 }, (error, _stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    ),
  );
  t.equal(nvim.code, 0, `nvim ended normally: ${nvim.stderr}`);
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
