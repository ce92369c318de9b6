// Which step files a document gets: the project's, and those of its directory and each
// one above it up to the project's, found by convention; never a function of which
// other documents are selected.
import t from 'tap';
import fc from 'fast-check';
import { dirname, join, relative } from 'node:path';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { stepDirectories, stepFilesOf } from '../../src/cli/step-files.js';

const DOC = '# d\n';
const STEPS = "import { Then } from 'spec-run/steps';\n";

t.test("a document gets the project's steps and those of its directory and the ones above it, never a sibling directory's", async (t) => {
  const dir = t.testdir({
    'steps.mjs': STEPS,
    specs: {
      'common.steps.mjs': STEPS,
      a: { 'doc.spec.md': DOC, 'steps.mjs': STEPS, deeper: { 'doc.spec.md': DOC, steps: { 'x.mjs': STEPS } } },
      b: { 'doc.spec.md': DOC },
    },
  });
  const config = { source: null, directory: dir };
  const documents = ['specs/a/doc.spec.md', 'specs/a/deeper/doc.spec.md', 'specs/b/doc.spec.md'].map((d) => join(dir, d));
  const files = await stepFilesOf(undefined, config, documents);
  const shown = (document: string) => files.of(join(dir, document)).map((f) => relative(dir, f));
  t.same(shown('specs/a/doc.spec.md'), ['steps.mjs', 'specs/common.steps.mjs', 'specs/a/steps.mjs']);
  t.same(shown('specs/a/deeper/doc.spec.md'), ['steps.mjs', 'specs/common.steps.mjs', 'specs/a/steps.mjs', 'specs/a/deeper/steps/x.mjs']);
  t.same(shown('specs/b/doc.spec.md'), ['steps.mjs', 'specs/common.steps.mjs'], 'specs/a/ binds nothing in specs/b/');
  t.same(files.all.map((f) => relative(dir, f)), ['steps.mjs', 'specs/common.steps.mjs', 'specs/a/steps.mjs', 'specs/a/deeper/steps/x.mjs'], 'all: each once');
  const given = await stepFilesOf(undefined, { ...config, steps: ['specs/a/steps.mjs'] }, documents);
  t.same(given.of(documents[2]).map((f) => relative(dir, f)), ['specs/a/steps.mjs'], 'the configuration names the files of every document');
});

t.test('outside the project, a document gets the project\'s and its own directory\'s', async (t) => {
  t.same(stepDirectories('/p', '/elsewhere/x/doc.md'), ['/p', '/elsewhere/x']);
  t.same(stepDirectories('/p', '/p/doc.md'), ['/p']);
  t.same(stepDirectories('/p', '/p/specs/a/doc.md'), ['/p', '/p/specs', '/p/specs/a']);
});

t.test("a document reached through a link inside the project gets the steps of where it really is, not of the link's directory", async (t) => {
  const dir = t.testdir({ specs: { a: { 'steps.mjs': STEPS }, b: { 'doc.spec.md': DOC } } });
  symlinkSync('../b', join(dir, 'specs', 'a', 'link'));
  const viaLink = join(dir, 'specs', 'a', 'link', 'doc.spec.md');
  t.same(stepDirectories(dir, viaLink), [dir, join(dir, 'specs'), join(dir, 'specs', 'b')]);
  const files = await stepFilesOf(undefined, { source: null, directory: dir }, [viaLink]);
  t.same(files.of(viaLink), [], "specs/a/'s steps bind nothing of specs/b/, however it is reached");
});

t.test("a document reached through a FILE link gets the steps of where it really is, as one through a directory link", async (t) => {
  const dir = t.testdir({ specs: { a: { 'steps.mjs': STEPS }, b: { 'doc.spec.md': DOC } } });
  symlinkSync('../b/doc.spec.md', join(dir, 'specs', 'a', 'link.spec.md'));
  const viaLink = join(dir, 'specs', 'a', 'link.spec.md');
  t.same(stepDirectories(dir, viaLink), [dir, join(dir, 'specs'), join(dir, 'specs', 'b')]);
  const files = await stepFilesOf(undefined, { source: null, directory: dir }, [viaLink]);
  t.same(files.of(viaLink), [], "specs/a/'s steps bind nothing of specs/b/");
});

t.test('property: the step files of a document are the same whatever other documents are selected with it', async (t) => {
  const places = ['specs', 'specs/a', 'specs/a/x', 'specs/b', 'other'];
  const dir = t.testdir({});
  for (const place of places) {
    mkdirSync(join(dir, place), { recursive: true });
    writeFileSync(join(dir, place, 'doc.spec.md'), DOC);
  }
  const config = { source: null, directory: dir };
  await fc.assert(
    fc.asyncProperty(fc.subarray(['', ...places], { minLength: 1 }), fc.uniqueArray(fc.constantFrom(...places), { minLength: 1 }), async (withSteps, selected) => {
      for (const place of ['', ...places]) writeFileSync(join(dir, place, 'steps.mjs'), STEPS);
      for (const place of ['', ...places].filter((p) => !withSteps.includes(p))) rmSync(join(dir, place, 'steps.mjs'));
      const documents = selected.map((place) => join(dir, place, 'doc.spec.md'));
      const together = await stepFilesOf(undefined, config, documents);
      for (const document of documents) {
        const alone = await stepFilesOf(undefined, config, [document]);
        if (JSON.stringify(alone.of(document)) !== JSON.stringify(together.of(document))) return false;
        // What it gets is exactly the steps files of the directories on its way down from the project.
        const expected = withSteps.filter((place) => !relative(join(dir, place), dirname(document)).startsWith('..')).map((place) => join(dir, place, 'steps.mjs'));
        if (JSON.stringify([...alone.of(document)].sort()) !== JSON.stringify(expected.sort())) return false;
      }
      return true;
    }),
    { numRuns: 60 },
  );
  t.pass('60 generated selections');
});

t.test('a project under a directory whose name holds glob characters or a backslash finds its steps files and its configured ones', async (t) => {
  for (const name of ['back\\slash', 'br[a]ck{e,t}s (1)', 'star*!']) {
    const dir = join(t.testdir({}), name);
    mkdirSync(join(dir, 'specs', 'steps'), { recursive: true });
    writeFileSync(join(dir, 'specs', 'doc.spec.md'), DOC);
    writeFileSync(join(dir, 'specs', 'steps.mjs'), STEPS);
    writeFileSync(join(dir, 'specs', 'steps', 'more.mjs'), STEPS);
    const config = { source: null, directory: dir };
    const found = await stepFilesOf(undefined, config, [join(dir, 'specs', 'doc.spec.md')]);
    t.same(found.all.map((f) => relative(dir, f)), ['specs/steps.mjs', 'specs/steps/more.mjs'], `by convention under ${name}`);
    const configured = await stepFilesOf(undefined, { ...config, steps: ['specs/steps/*.mjs', 'specs/*.mjs'] }, []);
    t.same(configured.all.map((f) => relative(dir, f)), ['specs/steps/more.mjs', 'specs/steps.mjs'], `configured globs under ${name}`);
  }
});

t.test('a document in a directory whose name holds a backslash gets that directory\'s steps; --steps naming such a file finds it', async (t) => {
  const dir = t.testdir({});
  const odd = join(dir, 'specs', 'a\\b');
  mkdirSync(odd, { recursive: true });
  writeFileSync(join(odd, 'doc.spec.md'), DOC);
  writeFileSync(join(odd, 'hooks.steps.mjs'), STEPS);
  const config = { source: null, directory: dir };
  const found = await stepFilesOf(undefined, config, [join(odd, 'doc.spec.md')]);
  t.same(found.all.map((f) => relative(dir, f)), ['specs/a\\b/hooks.steps.mjs'], 'by convention, in its own directory (a backslash is no separator here)');
  const given = await stepFilesOf([join(odd, 'hooks.steps.mjs')], { ...config }, []);
  t.same(given.all, [join(odd, 'hooks.steps.mjs')], 'named on the command line');
});
