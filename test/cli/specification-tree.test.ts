// A specification tree is one system, through the real command line: a document run
// alone gets the same points as in the run of its tree, check and --list say where a
// borrowed definition comes from, a name defined differently is an error where used.
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { buildPlan } from '../../src/cli/run-command.js';
import { specificationTrees } from '../../src/cli/specification-tree.js';
import { discoverDocuments } from '../../src/cli/discover.js';
import { lispDocument, root, specRun } from './spec-run.js';
import { scratchDirectory } from '../support/scratch.js';

function project(files: Record<string, string>): string {
  const dir = scratchDirectory('spec-run-tree-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Point = Extract<RunEvent, { type: 'point' }>;

/** The points of `file` in a JSON event stream, as the reports show them. */
function pointsOf(jsonLines: string, file: string): Pick<Point, 'unitId' | 'name' | 'ok' | 'at'>[] {
  return jsonLines
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunEvent)
    .filter((event): event is Point => event.type === 'point' && event.file === file)
    .map(({ unitId, name, ok, at }) => ({ unitId, name, ok, at }));
}

const helpers = lispDocument('helpers', {
  Helpers: [
    '(defvar *calls* 0)',
    '(defstruct tally (count 0))',
    '(defun random-choice (list)',
    '  (incf *calls*)',
    '  (nth (random (length list)) list))',
  ].join('\n'),
  'Its own check': '(assert (member (random-choice (list :a :b)) (list :a :b)))\n(assert (= *calls* 1))',
});
const user = lispDocument('user', {
  'Choices are drawn from the list': [
    '(let ((tally (make-tally)))',
    '  (dotimes (i 5)',
    '    (is (member (random-choice (list 1 2 3)) (list 1 2 3)))',
    '    (incf (tally-count tally)))',
    '  (is (= 5 (tally-count tally))))',
  ].join('\n'),
  'Borrowed state is this document\'s own': '(is (= *calls* 5))',
});

t.test('a document given alone gets the same points as in the run of its tree (configuration paths)', async (t) => {
  const dir = project({ 'spec-run.config.json': '{"paths": ["specs/"]}', 'specs/a/helpers.test.md': helpers, 'specs/b/user.test.md': user });
  const alone = await specRun(['specs/b/user.test.md', '--seed', '7', '--reporter', 'json'], dir);
  const whole = await specRun(['--seed', '7', '--reporter', 'json'], dir);
  t.equal(alone.code, 0, alone.code === 0 ? 'alone, it passes' : alone.stdout.slice(-2000));
  t.equal(whole.code, 0, whole.code === 0 ? 'the tree passes' : whole.stdout.slice(-2000));
  const points = pointsOf(alone.stdout, 'specs/b/user.test.md');
  t.equal(points.length, 7, 'five draws, the tally, the count of calls');
  t.ok(points.every((p) => p.ok));
  t.same(pointsOf(whole.stdout, 'specs/b/user.test.md'), points, 'the same points, point by point');
  t.ok(pointsOf(whole.stdout, 'specs/a/helpers.test.md').every((p) => p.ok), "the helpers' own count of calls is untouched by the user's");
});

t.test('without configuration, the tree of a document is specs/, else the directory given, else its own directory', async (t) => {
  const dir = project({ 'specs/a/helpers.test.md': helpers, 'specs/b/user.test.md': user, 'elsewhere/a/helpers.test.md': helpers, 'elsewhere/b/user.test.md': user });
  const underSpecs = await specRun(['specs/b/user.test.md', '--reporter', 'tap'], dir);
  t.equal(underSpecs.code, 0, underSpecs.code === 0 ? 'specs/ is the default tree' : underSpecs.stdout.slice(-1500));
  const given = await specRun(['elsewhere/', '--reporter', 'tap'], dir);
  t.equal(given.code, 0, given.code === 0 ? 'the directory given is the tree' : given.stdout.slice(-1500));
  const lone = await specRun(['elsewhere/b/user.test.md', '--reporter', 'tap'], dir);
  t.equal(lone.code, 1, 'a lone document outside them: its own directory, which lacks the helper');
  t.match(lone.stdout, /make-tally is called here, but neither this document nor the vocabulary defines it/);
});

t.test('check notes where each borrowed definition comes from and reports no undefined call; --list shows it too', async (t) => {
  const dir = project({ 'spec-run.config.json': '{"paths": ["specs/"]}', 'specs/a/helpers.test.md': helpers, 'specs/b/user.test.md': user });
  const check = await specRun(['check', 'specs/b/user.test.md'], dir);
  t.equal(check.code, 0, check.code === 0 ? 'check passes' : check.stdout);
  t.match(check.stdout, /^specs\/b\/user\.test\.md:10:1: note: tally, make-tally, tally-count are borrowed from specs\/a\/helpers\.test\.md:11, a document of the same specification tree$/m);
  t.match(check.stdout, /^specs\/b\/user\.test\.md:12:1: note: random-choice is borrowed from specs\/a\/helpers\.test\.md:12, a document of the same specification tree$/m);
  t.notMatch(check.stdout, /error/);
  const list = await specRun(['specs/b/user.test.md', '--list'], dir);
  t.equal(list.code, 0);
  t.match(list.stdout, /specs\/a\/helpers\.test\.md:10 {2}defvar \*calls\* {2}\(borrowed from the specification tree, for \*calls\*\)/);
  t.match(list.stdout, /specs\/a\/helpers\.test\.md:12 {2}defun random-choice {2}\(borrowed from the specification tree, for random-choice\)/);
});

t.test('a name defined differently in two documents is an error, naming both, in a document that uses it only', async (t) => {
  const dir = project({
    'specs/one.test.md': lispDocument('one', { Pick: '(defun pick (list) (first list))', Check: '(assert (= 1 (pick (list 1 2))))' }),
    'specs/two.test.md': lispDocument('two', { Pick: '(defun pick (list) (second list))', Check: '(assert (= 2 (pick (list 1 2))))' }),
    'specs/user.test.md': lispDocument('user', { Check: '(assert (pick (list 1 2)))' }),
  });
  const run = await specRun(['--reporter', 'tap'], dir);
  t.equal(run.code, 1);
  t.match(run.stdout, /pick is defined differently in specs\/one\.test\.md:10, specs\/two\.test\.md:10, and this document uses it \(line 10\) without defining it/);
  t.match(run.stderr, /2 passed, 2 failed/, 'the two definers pass; the user fails at the problem and at the call');
  const check = await specRun(['check'], dir);
  t.match(check.stdout, /^specs\/user\.test\.md:10:1: error: pick is defined differently in/m);
  t.notMatch(check.stdout, /^specs\/(one|two)\.test\.md.*error/m);
});

t.test("a package one document defines for its helpers is not shared: another document naming it fails at that line, in check and in the run; the same package in a vocabulary file is every document's", async (t) => {
  const own = '(defpackage :ring-test (:use :cl) (:export #:full))\n(in-package :ring-test)\n(defun full (n) (make-list n))\n(in-package :cl-user)';
  const dir = project({
    'specs/helpers.test.md': lispDocument('helpers', { Helpers: own, Check: '(assert (= 2 (length (ring-test:full 2))))' }),
    'specs/uses.test.md': lispDocument('uses', { Check: '(assert (= 3 (length (ring-test:full 3))))' }),
  });
  const check = await specRun(['check'], dir);
  t.equal(check.code, 1);
  t.match(check.stdout, /^specs\/uses\.test\.md:10:1: error: ring-test:full names the package RING-TEST, which specs\/helpers\.test\.md:10 defines; a specification tree shares the definitions its documents make in CL-USER, not the packages they define/m);
  t.notMatch(check.stdout, /^specs\/helpers\.test\.md.*error/m, 'the document that defines it uses it freely');
  const run = await specRun(['--reporter', 'tap'], dir);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok 1 - ring-test:full names the package RING-TEST/);
  t.match(run.stderr, /1 passed, 2 failed/);
  // In a vocabulary file, the package is in every driver: no error, both pass.
  writeFileSync(join(dir, 'ring-test.lisp'), own);
  writeFileSync(join(dir, 'spec-run.config.json'), JSON.stringify({ vocabulary: ['ring-test.lisp'] }));
  writeFileSync(join(dir, 'specs/helpers.test.md'), lispDocument('helpers', { Check: '(assert (= 2 (length (ring-test:full 2))))' }));
  const shared = await specRun(['--reporter', 'tap'], dir);
  t.equal(shared.code, 0, shared.stdout);
  t.match(shared.stderr, /2 passed, 0 failed/);
});

t.test('a check function nothing in its document calls is no error when another document of the tree calls it, alone or with the others', async (t) => {
  const shared = lispDocument('shared', { Helper: '(defun check-positive (n)\n  (assert (plusp n)))', Own: '(assert (= 1 1))' });
  const dir = project({
    'specs/shared.test.md': shared,
    'specs/user.test.md': lispDocument('user', { Uses: '(check-positive 3)' }),
    'lone/shared.test.md': shared,
  });
  for (const args of [['check'], ['check', 'specs/shared.test.md']]) {
    const check = await specRun(args, dir);
    t.equal(check.code, 0, `${args.join(' ')}: ${check.stdout}`);
    t.notMatch(check.stdout, /holds checks/);
  }
  const run = await specRun(['--reporter', 'tap'], dir);
  t.equal(run.code, 0, run.stdout);
  t.match(run.stdout, /ok 1 - \(plusp n\)/, 'its check runs where it is called');
  const lone = await specRun(['check', 'lone/'], dir);
  t.equal(lone.code, 1, 'a tree in which nothing calls it');
  t.match(lone.stdout, /^lone\/shared\.test\.md:10:1: error: check-positive holds checks, but nothing in this document or its specification tree calls it/m);
});

t.test('another document of the tree that only quotes a check function does not call it: it still runs as a unit', async (t) => {
  const shared = lispDocument('shared', { Checks: '(defun check-parser ()\n  (assert (= 1 2)))\n(defun check-called ()\n  (assert (= 1 1)))' });
  const dir = project({
    'specs/shared.test.md': shared,
    'specs/user.test.md': lispDocument('user', { Plans: "(defparameter *plan* (list '(check-parser) :later))\n(funcall 'check-called)" }),
  });
  const check = await specRun(['check'], dir);
  t.match(check.stdout, /^specs\/shared\.test\.md:10:1: note: check-parser holds checks and nothing in this document or its specification tree calls it: it runs as a unit/m);
  t.notMatch(check.stdout, /check-called holds checks/, "(funcall 'check-called) calls it");
});

const CORPUS = join(root, '..', 'shared', 'corpus', 'lisp');

t.test('the Lisp corpus: each document alone borrows what it borrows in the tree, and no helper a sibling defines is undefined', { skip: existsSync(CORPUS) ? false : 'the corpus is not beside the project' }, async (t) => {
  const corpus = relative(process.cwd(), CORPUS);
  const config = { source: null, directory: process.cwd(), paths: [corpus] };
  const trees = specificationTrees(config, [corpus]);
  const whole = await buildPlan([corpus], undefined, trees);
  const borrowed: Record<string, string[]> = {};
  for (const file of discoverDocuments([corpus])) {
    const [alone] = (await buildPlan([file], undefined, specificationTrees(config, [file]))).documents;
    const inTree = whole.documents.find((d) => d.file === file)!;
    t.same({ definitions: alone.definitions, problems: alone.problems }, { definitions: inTree.definitions, problems: inTree.problems }, relative(corpus, file));
    const names = alone.definitions.flatMap((d) => d.borrowed?.names ?? []);
    if (names.length) borrowed[relative(corpus, file)] = names.sort();
  }
  // count-occurrences and extract-number, which two documents borrowed, are the vocabulary's
  // now: vocabulary names are never borrowed, and the document that defines one keeps its own.
  t.same(borrowed, {
    'code-evaluator/properties/condition-handling.test.md': ['random-choice'],
    'enhanced-evaluation/properties/timing-accuracy.test.md': ['random-choice'],
    'error-handling/properties/structured-error-response.test.md': ['generate-error-code', 'random-choice'],
    'mcp-protocol/properties/request-response-guarantee.test.md': ['random-choice'],
  });
  const check = await specRun(['check', corpus]);
  t.notMatch(check.stdout, /neither this document nor the test vocabulary defines it/, 'check reports no helper as undefined');
  t.match(check.stdout, /timing-accuracy\.test\.md:42:1: note: random-choice is borrowed from .*state-persistence\.test\.md:56/);
});

t.test('the Lisp corpus: documents run alone and together give the same points', { skip: existsSync(CORPUS) ? false : 'the corpus is not beside the project' }, async (t) => {
  const dir = project({ 'corpus.config.json': JSON.stringify({ paths: [CORPUS] }) });
  const files = ['code-evaluator/scenarios/basic-evaluation.test.md', 'code-evaluator/properties/condition-handling.test.md'].map((f) => relative(root, join(CORPUS, f)));
  const together = await specRun(['--config', join(dir, 'corpus.config.json'), ...files, '--seed', '11', '--reporter', 'json']);
  for (const file of files) {
    const alone = await specRun(['--config', join(dir, 'corpus.config.json'), file, '--seed', '11', '--reporter', 'json']);
    const points = pointsOf(alone.stdout, file);
    t.ok(points.length > 10, `${file}: ${points.length} points`);
    t.notMatch(alone.stdout, /neither this document nor the vocabulary defines it/, `${file}: no undefined helper`);
    t.same(pointsOf(together.stdout, file), points, `${file}: the same points alone and together`);
  }
});

t.test("a document reached through a file link is of the tree where it really stands: it borrows that tree's definitions, not those of the link's directory", async (t) => {
  const dir = project({ 'tests/a/helpers.md': '# a\n', 'tests/b/doc.md': '# b\n' });
  symlinkSync('../b/doc.md', join(dir, 'tests/a/link.md'));
  const trees = specificationTrees({ source: null, directory: dir }, [join(dir, 'tests/a')]);
  t.same(trees.rootsOf(join(dir, 'tests/a/link.md')), [join(dir, 'tests/b')], 'given tests/a, the link is of tests/b');
  t.same(specificationTrees({ source: null, directory: dir }, []).rootsOf(join(dir, 'tests/a/link.md')), [join(dir, 'tests/b')], 'given alone, too');
  t.same(trees.rootsOf(join(dir, 'tests/a/helpers.md')), [join(dir, 'tests/a')], 'a document of tests/a stays of it');
});
