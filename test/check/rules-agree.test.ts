// `check` and translate read the same facts of a document by the same rules: what
// translate runs as a Lisp document, check does not call a bad type, and the
// requirement and scenario headings translate recognises are those check inspects.
import fc from 'fast-check';
import t from 'tap';
import { checkFrontmatter, checkOpenspec } from '../../src/check/index.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { detectFamily, LISP_DOCUMENT_TYPES } from '../../src/translate/family.js';
import { translate } from '../../src/translate/index.js';

const typeErrors = (type: string) => {
  const doc = parseMarkdown('case.md', `---\ntype: ${JSON.stringify(type)}\nname: case\n---\n# Case\n`);
  return { family: detectFamily(doc), errors: checkFrontmatter(doc).filter((m) => m.severity === 'error' && m.message.includes("'type'")) };
};

/** A word with each letter's case chosen by the generator. */
const anyCase = (word: string) => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

t.test('a frontmatter type in any case: translate runs it as Lisp and check accepts it', async (t) => {
  t.same(typeErrors('Verification'), { family: 'lisp', errors: [] });
  fc.assert(
    fc.property(fc.constantFrom(...LISP_DOCUMENT_TYPES).chain(anyCase), fc.constantFrom('', ' '), (type, pad) => {
      const { family, errors } = typeErrors(`${pad}${type}${pad}`);
      return family === 'lisp' && errors.length === 0;
    }),
  );
});

t.test('a type translate does not run as Lisp is one check reports', async (t) => {
  t.equal(typeErrors('verfication').family, 'unknown');
  t.match(typeErrors('verfication').errors, [{ line: 2, message: /frontmatter 'type' is 'verfication'; expected one of verification, property, contract, scenario/ }], 'at the line of the type key');
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), (type) => {
      const { family, errors } = typeErrors(type);
      return (family === 'lisp') === (errors.length === 0);
    }),
  );
});

t.test('headings in any case: the scenarios translate finds are those check sees under their requirement', async (t) => {
  const text = (requirement: string, scenario: string) => `# Spec\n\n### ${requirement}: Stops\nIt SHALL stop.\n\n#### ${scenario}: Slow command\nThen:\n1. it stops\n`;
  fc.assert(
    fc.property(anyCase('requirement'), anyCase('scenario'), (requirement, scenario) => {
      const doc = parseMarkdown('spec.md', text(requirement, scenario));
      const plan = translate(doc);
      const messages = checkOpenspec(doc, plan, { tools: [], unknownOperators: async () => new Map(), undefinedStep: () => null });
      return plan.family === 'openspec' && plan.units.length === 1 && messages.length === 0;
    }),
  );
  const lonely = parseMarkdown('spec.md', '# Spec\n\n### REQUIREMENT: Stops\nIt SHALL stop.\n\n### Requirement: Other\nIt MUST.\n\n#### scenario: x\nThen:\n1. it stops\n');
  t.match(checkOpenspec(lonely, translate(lonely), { tools: [], unknownOperators: async () => new Map(), undefinedStep: () => null }), [
    { line: 3, severity: 'error', message: "requirement 'Stops' has no '#### Scenario:'" },
  ]);
});

t.test("frontmatter fields the run reads (retries, exclude) are no 'unknown field' for check", async (t) => {
  const doc = parseMarkdown('fields.md', '---\ntype: verification\nname: f\nretries: 2\nexclude:\n  Something: not in v1\n---\n# F\n');
  t.same(checkFrontmatter(doc), []);
  t.match(checkFrontmatter(parseMarkdown('odd.md', '---\ntype: verification\nname: f\ncolour: red\n---\n# F\n')), [{ severity: 'warning', message: /unknown frontmatter field 'colour'/ }]);
});
