// The translate stage: decides what every block of a document is and builds its plan.
import { basename } from 'node:path';
import type { Diagnostic, SpecDocument } from '../model/document.js';
import { unreadableMessage } from '../parse/unreadable.js';
import type { DocumentPlan, Unit } from '../model/plan.js';
import { detectFamily, type FamilyTranslation } from './family.js';
import { translateLispFamily } from './lisp-family.js';
import { uniqueNames } from './naming.js';
import { misspeltScenarios, translateOpenspecFamily } from './openspec-family.js';
import { extractRequirements, linkUnits } from './requirements.js';
import { translateUnknownFamily } from './unknown-family.js';
import { deltaReadingProblems, hasDeltaSection, misplacedRequirements, openspecPlace, openspecProseFile, readRenames, requirementBlocks, requirementParagraphs } from './openspec-layout.js';
import { frontmatterValueProblems } from './frontmatter-values.js';
import { archiveReading } from './openspec-archive.js';

export interface TranslateOptions {
  /** Prefix of unit ids, "<prefix>#<n>"; the document's path by default. */
  unitIdPrefix?: string;
}

export function translate(doc: SpecDocument, options: TranslateOptions = {}): DocumentPlan {
  // OpenSpec's prose (a change's proposal, design and tasks, the project's conventions) is
  // read by people, by its place and name: nothing in it runs or counts, whatever it holds.
  const prose = openspecProseFile(doc.path) !== null;
  const detected = prose ? 'unknown' : detectFamily(doc);
  const family = detected === 'unknown' && !prose && misspeltScenarios(doc) ? 'openspec' : detected;
  let translation: FamilyTranslation;
  try {
    translation = family === 'lisp' ? translateLispFamily(doc) : family === 'openspec' ? translateOpenspecFamily(doc) : translateUnknownFamily(doc);
  } catch (error) {
    // Whatever the document holds, it is a problem of that document: the others still run.
    const problem: Diagnostic = { file: doc.path, line: 1, message: unreadableMessage(`translating this ${family} document`, error), severity: 'error' };
    translation = { definitions: [], units: [], notRun: [], problems: [problem] };
  }

  const problems = [...doc.problems, ...frontmatterValueProblems(doc), ...translation.problems, ...(family === 'lisp' ? scenariosInLispDocument(doc) : misplacedInOpenspec(doc, family))];
  // A change's delta spec OpenSpec cannot archive as written is refused whole (deltaProblems), not run in part.
  const openspecDelta = prose || openspecPlace(doc.path)?.change === undefined ? undefined : { renames: readRenames(doc).renames, problems: [...deltaReadingProblems(doc), ...requirementParagraphs(doc)].map((p): Diagnostic => ({ file: doc.path, ...p, severity: 'error' })) };
  if (!prose && !openspecDelta) problems.push(...requirementParagraphs(doc).map((p): Diagnostic => ({ file: doc.path, ...p, severity: 'error' })));
  // Document order; a stable sort keeps a block unit before the FiveAM tests it defines.
  const drafts = [...translation.units].sort((a, b) => a.line - b.line);
  const names = uniqueNames(drafts.map((draft) => draft.name));
  const prefix = options.unitIdPrefix ?? doc.path;
  const numbered = drafts.map((draft, i) => ({ ...draft, id: `${prefix}#${i + 1}`, name: names[i] }) as Unit);
  const requirements = prose ? [] : extractRequirements(doc, numbered);
  const openspecArchive = prose ? null : archiveReading(doc);
  const units = linkUnits(numbered, requirements);
  const plannedTests = units.flatMap((unit) => (unit.kind === 'fiveam-test' ? [unit.testName] : []));
  // A change that only removes or renames requirements has nothing to run, rightly; a delta
  // with no requirement at all is refused as one OpenSpec finds no operation in (deltaReadingProblems).
  const deltaWithoutScenarios = requirements.every((r) => r.removed !== undefined || r.delta === 'renamed') && (requirements.length > 0 || openspecDelta !== undefined);
  if (family !== 'unknown' && translation.units.length === 0 && !deltaWithoutScenarios) {
    const first = requirements.find((r) => r.origin === 'requirement-heading' && r.removed === undefined);
    if (family === 'openspec' && first) {
      const which = requirements.length > 1 ? `none of the ${requirements.length} requirements of this specification (the first: '${first.name}') has a` : `requirement '${first.name}' has no`;
      problems.push({ file: doc.path, line: first.line, message: `no checks found: ${which} '#### Scenario:', so nothing of it runs`, severity: 'error' });
    } else problems.push({ file: doc.path, line: 1, message: `no checks found: this ${family} document has no block or scenario that spec-run can run`, severity: 'error' });
  }

  return {
    file: doc.path,
    name: planName(doc),
    family,
    metadata: doc.metadata,
    ...(doc.metadataSource === 'unreadable-frontmatter' ? { metadataUnreadable: true as const } : {}),
    definitions: translation.definitions,
    units,
    notRun: translation.notRun,
    problems: problems.sort((a, b) => a.line - b.line),
    requirements,
    ...(translation.uncalledCheckFunctions ? { uncalledCheckFunctions: translation.uncalledCheckFunctions } : {}),
    ...(translation.calledCheckFunctions ? { calledCheckFunctions: translation.calledCheckFunctions } : {}),
    ...(plannedTests.length ? { plannedTests } : {}),
    ...(openspecDelta ? { openspecDelta } : {}),
    ...(openspecArchive ? { openspecArchive } : {}),
    ...(!prose && doc.text !== undefined && openspecPlace(doc.path) !== null ? { requirementBlocks: requirementBlocks(doc, doc.text) } : {}),
  };
}

/** Requirements (or delta sections) in a file of an OpenSpec tree that OpenSpec reads none from: an error at the file. */
function misplacedInOpenspec(doc: SpecDocument, family: DocumentPlan['family']): Diagnostic[] {
  const delta = hasDeltaSection(doc);
  const message = family === 'openspec' || delta ? misplacedRequirements(doc.path, delta) : null;
  return message === null ? [] : [{ file: doc.path, line: 1, message, severity: 'error' }];
}

/** Frontmatter name, else OpenSpec's capability (and change, for a delta spec), else the title, else the file name. */
function planName(doc: SpecDocument): string {
  const name = doc.metadata.name;
  if (typeof name === 'string' && name.trim() !== '') return name.trim();
  const place = openspecPlace(doc.path);
  if (place?.change) return `${place.capability} (change ${place.change})`;
  if (place) return place.capability;
  const prose = openspecProseFile(doc.path);
  if (prose?.change !== undefined) return `${prose.file} (change ${prose.change})`;
  return doc.title ?? basename(doc.path);
}

export { describePlan } from './listing.js';

/**
 * OpenSpec scenarios with steps in a Lisp verification document: a document is of one
 * family, and this one runs its Lisp blocks only, so their steps would never run.
 */
function scenariosInLispDocument(doc: SpecDocument): Diagnostic[] {
  let openspec: ReturnType<typeof translateOpenspecFamily>;
  try {
    openspec = translateOpenspecFamily(doc);
  } catch {
    return [];
  }
  // **WHEN**/**THEN** bullets under no scenario heading: the same steps, read by nothing.
  const loose = openspec.problems
    .filter((problem) => 'stepsOutside' in problem)
    .map(({ file, line, severity }): Diagnostic => ({ file, line, severity, message: 'WHEN/THEN steps in a Lisp verification document (its frontmatter\'s type) would never run: only its Lisp blocks run; put them in an OpenSpec specification of their own, or state the check in Lisp' }));
  // Plain `- Given …`/`- Then …` bullets, two or more in a list with a Then among them: steps, not prose.
  const plain = doc.sections.flatMap((section) =>
    section.content.flatMap((item): Diagnostic[] => {
      if (item.type !== 'list') return [];
      const steps = item.items.filter((listItem) => /^(Given|When|Then|And|But|GIVEN|WHEN|THEN|AND|BUT)[:,]?\s+\S/.test(listItem.text));
      if (steps.length < 2 || !steps.some((listItem) => /^then/i.test(listItem.text))) return [];
      if (loose.some((problem) => problem.line >= steps[0].line && problem.line <= steps.at(-1)!.line)) return [];
      return [{ file: doc.path, line: steps[0].line, severity: 'error', message: loose.length ? loose[0].message : 'WHEN/THEN steps in a Lisp verification document (its frontmatter\'s type) would never run: only its Lisp blocks run; put them in an OpenSpec specification of their own, or state the check in Lisp' }];
    }),
  );
  const inScenarios = new Set(openspec.units.flatMap((unit) => (unit.kind === 'scenario' ? unit.steps.map((step) => step.line) : [])));
  return [...loose, ...plain.filter((problem) => !inScenarios.has(problem.line)), ...openspec.units.flatMap((unit) =>
    // Keyword bullets and lines, not a numbered list, which a Lisp document's prose uses to tell a story.
    unit.kind === 'scenario' && unit.steps.some((step) => step.number === null)
      ? [{ file: doc.path, line: unit.line, severity: 'error' as const, message: `scenario '${unit.name}' has WHEN/THEN steps, but this is a Lisp verification document (its frontmatter's type): only its Lisp blocks run, so these steps would never run; put the scenarios in an OpenSpec specification of their own` }]
      : [],
  )];
}
