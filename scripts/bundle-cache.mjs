// Makes V8's code cache of one bundle (`serve`, `cli` or `steps`), in a process of its own: the
// bundle is loaded as spec-run loads it, under its V8 flags (src/cli/bundles.ts), which
// then hold for the whole process, and V8 takes a cache only under the flags it was made
// with. Run by bundles.mjs, after bundling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_BUNDLE, SERVE_BUNDLE, STEPS_BUNDLE, writeBundleCache } from '../dist/src/cli/bundles.js';
import { placedAsBuilt } from '../dist/src/run/scenario/builtin-steps.js';
import { collectRegistrations } from '../dist/src/steps/index.js';

const which = process.argv[2];
if (which === 'serve') await writeBundleCache(SERVE_BUNDLE);
else if (which === 'cli') await writeCliCache();
else if (which === 'steps') await writeStepsCache();
else throw new Error(`bundle-cache.mjs serve|cli|steps, not ${which}`);

/**
 * The built-in steps' cache holds their modules' top level, which registers the steps: into
 * a collector, as spec-run loads them, and the build fails unless what they register is
 * what the bundle's record of places says, in its order.
 */
async function writeStepsCache() {
  let places;
  const registrations = await collectRegistrations(() => writeBundleCache(STEPS_BUNDLE, (exports) => (places = exports.places)));
  placedAsBuilt(registrations, places);
}

/**
 * The command line's cache holds what a start compiled: a --dry-run of a small Lisp document
 * runs the command line, the parser and the translation, as every run does; a run of a
 * small OpenSpec document with its steps runs the steps' loading, the scenario runner and
 * the TAP reporter (a Lisp document's run needs SBCL, which a build may not have). Each
 * reads an empty configuration of the scratch directory, not the project's, which is
 * where the run leaves its record.
 */
async function writeCliCache() {
  const scratch = mkdtempSync(join(tmpdir(), 'spec-run-bundle-'));
  try {
    const config = join(scratch, 'spec-run.config.json');
    writeFileSync(config, '{}');
    const document = join(scratch, 'sum.test.md');
    writeFileSync(document, '---\ntype: verification\n---\n# Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n');
    const specification = join(scratch, 'counter.spec.md');
    writeFileSync(
      specification,
      '# Counter Specification\n\n## Purpose\nA counter.\n\n## Requirements\n\n### Requirement: Counting\nThe counter SHALL add.\n\n#### Scenario: Adding\n- **GIVEN** a counter at 1\n- **WHEN** 2 is added\n- **THEN** the counter shows 3\n',
    );
    const steps = join(scratch, 'steps.mjs');
    const stepsModule = JSON.stringify(new URL('../dist/src/steps/index.js', import.meta.url).href);
    writeFileSync(
      steps,
      `import { Given, When, Then } from ${stepsModule};\n` +
        "Given('a counter at {int}', function (n) { this.count = n; });\n" +
        "When('{int} is added', function (n) { this.count += n; });\n" +
        "Then('the counter shows {int}', function (n) { if (this.count !== n) throw new Error(`the counter shows ${this.count}`); });\n",
    );
    await writeBundleCache(CLI_BUNDLE, async (program) => {
      const [stdout, stderr] = [process.stdout.write, process.stderr.write];
      let written = '';
      process.stdout.write = process.stderr.write = (chunk) => ((written += chunk), true);
      // A start that fails (as a missing configuration once did) compiles little: the build says so.
      const run = async (...args) => {
        written = '';
        await program.main([process.execPath, 'spec-run', ...args, '--config', config]);
        if ((process.exitCode ?? 0) !== 0) throw new Error(`the code cache's spec-run ${args.join(' ')} failed:\n${written}`);
      };
      try {
        // Not --list: it ends the process once it has said all it found, before the cache is written.
        await run('--dry-run', document);
        await run(specification, '--steps', steps, '--reporter', 'tap');
      } finally {
        [process.stdout.write, process.stderr.write] = [stdout, stderr];
        process.exitCode = undefined;
      }
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
