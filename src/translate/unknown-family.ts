// A document of no known family runs nothing. When it holds code that looks like checks
// (Lisp, JSON, YAML), that is reported, since the author probably meant it to run.
import type { SpecDocument } from '../model/document.js';
import type { FamilyTranslation } from './family.js';
import { LISP_LANGUAGES } from './rules/lisp-code.js';

const CHECK_LIKE_LANGUAGES = new Set([...LISP_LANGUAGES, 'json', 'yaml', 'yml']);

export const UNKNOWN_FAMILY_HINT =
  'add frontmatter `type: verification | property | contract | scenario` for a Lisp verification document, or `### Requirement:` and `#### Scenario:` headings for an OpenSpec one';

export function translateUnknownFamily(doc: SpecDocument): FamilyTranslation {
  const notRun = doc.codeBlocks.map((block) => ({ block, reason: 'unknown document family: no translator applies' }));
  const checkLike = doc.codeBlocks.filter((block) => block.lang !== null && CHECK_LIKE_LANGUAGES.has(block.lang));
  const problems: SpecDocument['problems'] = [];
  if (checkLike.length > 0) {
    problems.push({
      file: doc.path,
      line: checkLike[0].line,
      message: `no checks found: ${checkLike.length} Lisp/JSON/YAML block(s) fit no document family; ${UNKNOWN_FAMILY_HINT}`,
      severity: 'error',
    });
  }
  return { definitions: [], units: [], notRun, problems };
}
