// An image is keyed on what it is built from: its sources, SBCL's version, and the
// files of each ASDF system it loads, so a new FiveAM (a new version file) gets a new image.
import { execFileSync } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { defaultLisp, imageKey, systemDefinitions } from '../../src/lisp-image/core-image.js';

t.test("a system's version change changes the key; the same files give the same key", async (t) => {
  const dir = t.testdir({
    cache: {},
    systems: { 'probe-system': { 'probe-system.asd': '(asdf:defsystem "probe-system" :version (:read-file-form "version.sexp"))\n', 'version.sexp': '"1.0.0"\n' } },
  });
  // ASDF finds the system through its source registry; the images' cache is the test's own.
  const saved = { registry: process.env.CL_SOURCE_REGISTRY, cache: process.env.SPEC_RUN_CACHE };
  process.env.CL_SOURCE_REGISTRY = `${join(dir, 'systems')}//:`;
  process.env.SPEC_RUN_CACHE = join(dir, 'cache');
  t.teardown(() => {
    for (const [name, value] of [['CL_SOURCE_REGISTRY', saved.registry], ['SPEC_RUN_CACHE', saved.cache]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  const spec = { name: 'probe', sources: [], systems: ['probe-system'] };
  t.same(await systemDefinitions(['probe-system'], defaultLisp()), [join(dir, 'systems', 'probe-system', 'probe-system.asd')], 'ASDF names the definition');
  const first = await imageKey(spec, defaultLisp());
  t.equal(await imageKey(spec, defaultLisp()), first, 'the same files, the same key');
  writeFileSync(join(dir, 'systems', 'probe-system', 'version.sexp'), '"1.0.1"\n');
  const upgraded = await imageKey(spec, defaultLisp());
  t.not(upgraded, first, 'a new version, a new key');
  t.not(await imageKey({ ...spec, systems: [] }, defaultLisp()), first, 'without the system, another key');
});

t.test('a key is remembered with what it was computed from, and computed again once any of that changed', async (t) => {
  const dir = t.testdir({
    cache: {},
    systems: { 'probe-system': { 'probe-system.asd': '(asdf:defsystem "probe-system" :version (:read-file-form "version.sexp"))\n', 'version.sexp': '"1.0.0"\n' } },
  });
  const log = join(dir, 'sbcl.log');
  // A real SBCL behind a script that writes down each of its runs.
  const sbcl = join(dir, 'logged-sbcl');
  writeFileSync(sbcl, `#!/bin/sh\necho "$*" >> '${log}'\nexec sbcl "$@"\n`, { mode: 0o755 });
  const env = { ...process.env, CL_SOURCE_REGISTRY: `${join(dir, 'systems')}//:`, SPEC_RUN_CACHE: join(dir, 'cache') };
  const spec = { name: 'probe', sources: [], systems: ['probe-system'] };
  const moduleUrl = new URL('../../src/lisp-image/core-image.js', import.meta.url).href;
  /** The key a fresh process finds, and the runs of SBCL it made to find it. */
  const lookUp = () => {
    writeFileSync(log, '');
    const key = execFileSync(process.execPath, ['--input-type=module', '-e', `const { rememberedKey } = await import(${JSON.stringify(moduleUrl)}); process.stdout.write(await rememberedKey(${JSON.stringify(spec)}, { sbcl: ${JSON.stringify(sbcl)} }));`], { env, encoding: 'utf8' });
    return { key, sbclRuns: readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) };
  };
  const first = lookUp();
  t.ok(first.sbclRuns.includes('--version'), 'the first computes it, asking SBCL its version');
  const again = lookUp();
  t.equal(again.key, first.key, 'the next process finds the same key');
  t.same(again.sbclRuns, [], 'without running SBCL');
  writeFileSync(join(dir, 'systems', 'probe-system', 'version.sexp'), '"1.0.1"\n');
  const upgraded = lookUp();
  t.not(upgraded.key, first.key, "a changed file of the system: a new key");
  t.ok(upgraded.sbclRuns.includes('--version'), 'computed again');
  writeFileSync(join(dir, 'systems', 'probe-system', 'extra.lisp'), '(in-package :cl-user)\n');
  const added = lookUp();
  t.not(added.key, upgraded.key, 'a file added to the system: a new key');
  process.env.CL_SOURCE_REGISTRY = env.CL_SOURCE_REGISTRY;
  process.env.SPEC_RUN_CACHE = env.SPEC_RUN_CACHE;
  t.teardown(() => {
    delete process.env.CL_SOURCE_REGISTRY;
    delete process.env.SPEC_RUN_CACHE;
  });
  t.equal(added.key, await imageKey(spec, { sbcl }), 'each remembered key is the one computed from the files as they are');
  utimesSync(sbcl, new Date(), new Date(Date.now() + 60_000));
  t.ok(lookUp().sbclRuns.includes('--version'), "SBCL's executable changed: its version is asked again");
});
