// An image is keyed on what it is built from: its sources, SBCL's version, and the
// files of each ASDF system it loads, so a new FiveAM (a new version file) gets a new image.
import { writeFileSync } from 'node:fs';
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
