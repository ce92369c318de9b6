// A fenced block inside a GFM footnote definition is rendered as code where a reader sees it, as one
// in a quote or a list item is. The parser passed over footnote definitions, so a Lisp check there
// was never run and never listed as not run. Every block that holds blocks is walked now.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';

const documentWith = (hostile: string) => `---\ntype: verification\nname: n\n---\n# N\n\n## Real\n\n\`\`\`lisp\n(assert (= 1 1))\n\`\`\`\n\n## Hostile\n\n${hostile}\n`;
const lispBlocks = (text: string) => translate(parseMarkdown('n.test.md', text)).units.filter((unit) => unit.kind === 'lisp-block');

t.test('a Lisp block in a footnote definition runs, at its own line, as one in a quote or a list item does', async (t) => {
  const footnote = '[^1]\n\n[^1]: note\n\n    ```lisp\n    (assert (= 1 2))\n    ```';
  const doc = parseMarkdown('n.test.md', documentWith(footnote));
  t.same(doc.codeBlocks.map((block) => [block.lang, block.line]), [['lisp', 9], ['lisp', 19]], 'both blocks are read, the footnote one at its fence');
  t.equal(doc.codeBlocks[1].headingPath.at(-1), 'Hostile', 'under the heading it stands under');
  t.equal(lispBlocks(documentWith(footnote)).length, 2, 'and both run');
  for (const [where, text] of [['a quote', '> ```lisp\n> (assert (= 1 2))\n> ```'], ['a list item', '- a step\n\n  ```lisp\n  (assert (= 1 2))\n  ```']]) {
    t.equal(lispBlocks(documentWith(text)).length, 2, `as in ${where}`);
  }
});

t.test('a footnote of prose adds no block, and a fence without a language in one only illustrates', async (t) => {
  t.equal(parseMarkdown('n.test.md', documentWith('[^1]\n\n[^1]: a note, no code')).codeBlocks.length, 1);
  const plan = translate(parseMarkdown('n.test.md', documentWith('[^1]\n\n[^1]: note\n\n    ```\n    (assert (= 1 2))\n    ```')));
  t.equal(plan.units.filter((unit) => unit.kind === 'lisp-block').length, 1, 'the fence without a language is not run');
  t.equal(plan.notRun.length, 1, 'it is listed as not run');
});
