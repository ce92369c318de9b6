// A document of no known family runs nothing. When it holds code that looks like checks
// (Lisp, JSON, YAML), that is reported, since the author probably meant it to run.
import type { SpecDocument } from '../model/document.js';
import { LISP_DOCUMENT_TYPES, type FamilyTranslation } from './family.js';
import { LISP_LANGUAGES } from './rules/lisp-code.js';
import { describeProseFile, openspecProseFile } from './openspec-layout.js';
import { meantWord } from '../model/edit-distance.js';

const CHECK_LIKE_LANGUAGES = new Set([...LISP_LANGUAGES, 'json', 'yaml', 'yml']);

export const UNKNOWN_FAMILY_HINT =
  'add frontmatter `type: verification | property | contract | scenario` for a Lisp verification document, or `### Requirement:` and `#### Scenario:` headings for an OpenSpec one';

/** Blocks that look like checks: a document of no family holding any has a problem saying why nothing runs. */
export const checkLikeBlocks = (doc: SpecDocument) => doc.codeBlocks.filter((block) => block.lang !== null && CHECK_LIKE_LANGUAGES.has(block.lang));

export function translateUnknownFamily(doc: SpecDocument): FamilyTranslation {
  // Unreadable frontmatter is the document's one error already (its problem says where): not a second one here.
  const unreadable = doc.metadataSource === 'unreadable-frontmatter';
  const prose = openspecProseFile(doc.path);
  const reason = unreadable
    ? 'unknown document family: the frontmatter cannot be read'
    : prose
      ? `${describeProseFile(prose)}: its blocks illustrate it`
      : 'unknown document family: no translator applies';
  const notRun = doc.codeBlocks.map((block) => ({ block, reason }));
  // OpenSpec's prose (a change's proposal, design and tasks, the project's conventions): its blocks are no checks anybody meant to run.
  const checkLike = prose ? [] : checkLikeBlocks(doc);
  const problems: SpecDocument['problems'] = [];
  if (checkLike.length > 0 && !unreadable) {
    const found = `no checks found: ${checkLike.length} Lisp/JSON/YAML block(s) fit no document family`;
    // Frontmatter that is there but names no Lisp type is what to fix, at its own line.
    const type = doc.metadata.type;
    const frontmatterCause =
      doc.metadataSource !== 'frontmatter'
        ? null
        : type === undefined
          ? 'the frontmatter has no `type`'
          : `the frontmatter's \`type: ${typeof type === 'string' ? type : JSON.stringify(type)}\` is none of ${LISP_DOCUMENT_TYPES.join(', ')}${typeof type === 'string' && meantWord(type, LISP_DOCUMENT_TYPES) ? ` (did you mean '${meantWord(type, LISP_DOCUMENT_TYPES)}'?)` : ''}`;
    problems.push({
      file: doc.path,
      line: frontmatterCause ? (type === undefined ? 1 : (doc.metadataLines?.type ?? 1)) : checkLike[0].line,
      message: frontmatterCause ? `${found} (the first at line ${checkLike[0].line}): ${frontmatterCause}; ${UNKNOWN_FAMILY_HINT}` : `${found}; ${UNKNOWN_FAMILY_HINT}`,
      severity: 'error',
    });
  }
  if (!prose) problems.push(...scenarioParagraphs(doc));
  return { definitions: [], units: [], notRun, problems };
}

/** A Gherkin scenario line (`Scenario: add`, `Scenario Outline: x`, `Example: x`), as pasted from a .feature file. */
const SCENARIO_LINE = /^(?:scenario(?:\s+(?:outline|template))?|example)\s*:\s*(.*)$/i;
/** A Gherkin step, as a line or a bullet's text (`When I do it`, `**THEN** it works`). */
const STEP_LINE = /^(?:\*\*|__)?(?:given|when|then|and|but)\b/i;

/**
 * An error at each paragraph line naming a scenario (`Scenario: add`, as a .feature file
 * writes it) with Given/When/Then steps right after it, in its paragraph or the list below:
 * spec-run reads scenarios from headings only, so the document was of no family, skipped as
 * having nothing to run, and its steps never ran while a directory run passed.
 */
function scenarioParagraphs(doc: SpecDocument): SpecDocument['problems'] {
  return doc.sections.flatMap((section) =>
    section.content.flatMap((item, index) => {
      if (item.type !== 'paragraph') return [];
      const lines = item.paragraph.text.split('\n').map((line) => line.trim());
      const next = section.content[index + 1];
      return lines.flatMap((line, i) => {
        const scenario = SCENARIO_LINE.exec(line);
        if (!scenario) return [];
        const after = i + 1 < lines.length ? [lines[i + 1]] : next?.type === 'list' ? next.items.map((listItem) => listItem.text) : [];
        const step = after.find((text) => STEP_LINE.test(text));
        if (step === undefined) return [];
        const name = scenario[1].trim() || '<name>';
        return [{ file: doc.path, line: item.paragraph.line + i, severity: 'error' as const, message: `'${line}' is a paragraph, not a heading, so the steps below it ('${step.split('\n')[0]}') never run: spec-run reads a scenario from a heading; write it as '## Scenario: ${name}', with each step a bullet ('- ${step.split('\n')[0]}')` }];
      });
    }),
  );
}
