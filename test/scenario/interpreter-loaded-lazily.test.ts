// The executor interpreter (src/run/scenario/interpreter/) is loaded only where the executor
// vocabulary is active: a run of OpenSpec documents with the user's own steps neither loads its
// modules nor reads the writer's nouns from the documents' prose (document-terms.ts). Loaded
// and read for every run, they cost 100 small documents a tenth of their CPU time (round 25's
// terms had library.ts import document-terms.ts, and each scenario's place read its glossary).
// The run goes through the compiled modules, not the bundle, with a module hook that logs each
// module Node loads; a run with --executor-steps shows the hook sees the interpreter where it loads.
import t from 'tap';
import { execa } from 'execa';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scratchDirectory } from '../support/scratch.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const program = pathToFileURL(join(root, 'dist/src/cli/program.js')).href;
const interpreterModules = pathToFileURL(join(root, 'dist/src/run/scenario/interpreter/')).href;

const directory = scratchDirectory('spec-run-lazy-interpreter-');
mkdirSync(join(directory, 'node_modules'));
symlinkSync(root, join(directory, 'node_modules', 'spec-run'));
// Prose outside the scenario that defines a noun of the writer's: a glossary the interpreter would read.
writeFileSync(
  join(directory, 'counter.spec.md'),
  [
    '# Counter Specification',
    '',
    '## Purpose',
    'The counter of spec-run exec, hereafter the wrapper.',
    '',
    '## Requirements',
    '',
    '### Requirement: Counting',
    'The counter SHALL add.',
    '',
    '#### Scenario: Adding',
    '- **GIVEN** a counter at 1',
    '- **WHEN** 2 is added',
    '- **THEN** the counter shows 3',
    '',
  ].join('\n'),
);
writeFileSync(
  join(directory, 'steps.mjs'),
  [
    "import { Given, When, Then } from 'spec-run/steps';",
    "import assert from 'node:assert/strict';",
    "Given('a counter at {int}', function (n) { this.count = n; });",
    "When('{int} is added', function (n) { this.count += n; });",
    "Then('the counter shows {int}', function (n) { assert.equal(this.count, n); });",
    '',
  ].join('\n'),
);
writeFileSync(join(directory, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nlet log;\nexport function initialize(data) { log = data.log; }\nexport async function load(url, context, next) { appendFileSync(log, `${url}\\n`); return next(url, context); }\n");
writeFileSync(join(directory, 'register.mjs'), "import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url), { data: { log: process.env.LOADED_LOG } });\n");

/** The modules a run of the document with ARGS loads, and its exit code. */
async function modulesLoaded(name: string, args: string[]): Promise<{ modules: string[]; exitCode: number | undefined }> {
  const log = join(directory, `${name}.log`);
  writeFileSync(log, '');
  const run = `const { main } = await import(${JSON.stringify(program)}); await main([process.argv[0], 'spec-run', 'counter.spec.md', ...${JSON.stringify(args)}]);`;
  const result = await execa(process.execPath, ['--import', './register.mjs', '--input-type=module', '-e', run], { cwd: directory, env: { LOADED_LOG: log, SPEC_RUN_DOCUMENT_CACHE: 'off' }, reject: false });
  return { modules: readFileSync(log, 'utf8').split('\n').filter(Boolean), exitCode: result.exitCode };
}

t.test("a run of the user's own steps loads no module of the interpreter", async (t) => {
  const { modules, exitCode } = await modulesLoaded('own-steps', ['--reporter', 'tap']);
  t.equal(exitCode, 0, 'the scenario passed');
  t.ok(modules.some((url) => url.endsWith('/run/scenario/library.js')), 'the hook saw the step library load');
  t.same(modules.filter((url) => url.startsWith(interpreterModules)), [], 'no interpreter module');
});

t.test('a run with the executor steps loads the interpreter, and the same hook sees it', async (t) => {
  const { modules } = await modulesLoaded('executor-steps', ['--executor-steps', '--dry-run', '--reporter', 'tap']);
  t.ok(modules.includes(`${interpreterModules}index.js`), 'interpreter/index.js');
  t.ok(modules.includes(`${interpreterModules}document-terms.js`), 'document-terms.js');
});
