// Selecting documents from a user's seat (round 20): a team tagged a document `'@roots'`, as
// cucumber-js writes a tag, and no --tag could select it; a document of `type: property`
// (which --runs reads as a property document) was no document of --level property; and
// check's advice for a tag written as a text was YAML that does not read.
import t from 'tap';
import { userProject } from '../support/installed.js';

const doc = (frontmatter: string, name: string) => `---\n${frontmatter}name: ${name}\n---\n# ${name}\n\n\`\`\`lisp\n(fiveam:test ${name} (fiveam:is (= 4 (+ 2 2))))\n\`\`\`\n`;

t.test("--tag roots and --tag @roots select a document tagged '@roots'; --level property a document of type: property", async (t) => {
  const project = userProject({
    'specs/tagged.test.md': doc("type: scenario\ntags: ['@roots', fast]\n", 'tagged'),
    'specs/props.test.md': doc('type: Property\n', 'props'),
    'specs/other.test.md': doc('type: scenario\ntags: [slow]\n', 'other'),
  });
  for (const tag of ['roots', '@roots']) {
    const run = await project.specRun(['--tag', tag, '--reporter', 'tap']);
    t.equal(run.code, 0, `--tag ${tag}: ${run.stderr}`);
    t.match(run.stdout, /^ok \d+ - tagged\b/m);
    t.notMatch(run.stdout, /- (props|other)\b/, 'only the tagged document');
  }
  const level = await project.specRun(['--level', 'property', '--reporter', 'tap']);
  t.equal(level.code, 0, level.stderr);
  t.match(level.stdout, /^ok \d+ - props\b/m);
  t.notMatch(level.stdout, /- (tagged|other)\b/, 'only the document of that type');
  const none = await project.specRun(['--level', 'contract']);
  t.equal(none.code, 2, 'a level no document has is a usage error');
  t.match(none.stderr, /--level contract selects no unit of the 3 documents with 3 units; levels: Property, scenario/);
});

t.test("check's advice for a tag list written as a text is YAML that reads back as that list", async (t) => {
  const project = userProject({ 'specs/string-tag.test.md': doc('type: scenario\ntags: "@roots"\n', 'stringtag') });
  const check = await project.specRun(['check']);
  t.equal(check.code, 1);
  const advice = /written as a list: (tags: .*)\)$/m.exec(check.stdout)?.[1];
  t.equal(advice, 'tags: ["@roots"]');
  project.write({ 'specs/string-tag.test.md': doc(`type: scenario\n${advice}\n`, 'stringtag') });
  const again = await project.specRun(['check']);
  t.equal(again.code, 0, `the advice followed checks clean: ${again.stdout}`);
  const run = await project.specRun(['--tag', 'roots']);
  t.equal(run.code, 0, run.stderr);
});
