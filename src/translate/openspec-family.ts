// OpenSpec-style specifications: every `#### Scenario:` under a `### Requirement:` is a unit
// with its condition, its code blocks (YAML configurations, expected messages) and its steps.
// Blocks outside scenarios (schemas, implementation notes) are listed, not run.
import type { ItemArgument, ListItem, NestedItem, Paragraph, Section, SectionContent, SpecDocument } from '../model/document.js';
import type { CodeRef, NotRunBlock, ProseLine, ScenarioStep } from '../model/plan.js';
import { codeRef } from './code-ref.js';
import { editDistance } from '../model/edit-distance.js';
import { deltaOf, deltaSectionProblems } from './openspec-layout.js';
import { unevenRows } from './uneven-rows.js';
import { ROW_LINE } from '../parse/continued-tables.js';
import { type FamilyTranslation, OUTLINE_HEADING, PLACEHOLDER, REQUIREMENT_HEADING, SCENARIO_HEADING, type UnitDraft } from './family.js';
import { strayTables } from './stray-tables.js';
import { requirementName } from './openspec-archive.js';

/** A paragraph that is only a step keyword ("Then:") introduces a list of steps. */
const KEYWORD_PARAGRAPH = /^(given|when|then|and|but)\s*:?$/i;
/** `**WHEN** text` bullets; the list item text keeps bold markers for this. */
const BOLD_KEYWORD_ITEM = /^\*\*(given|when|then|and|but):?\*\*:?\s*([\s\S]*)$/i;
/** A bullet bold as a whole, keyword and all (`**WHEN a thing happens**`): read as `**WHEN** a thing happens`. */
const WHOLE_BOLD_KEYWORD_ITEM = /^\*\*(given|when|then|and|but):?\s+([^*]+?)\*\*$/i;
/** `- Given text` bullets, the keyword capitalised or upper case as Gherkin writes it. */
const PLAIN_KEYWORD_ITEM = /^(Given|When|Then|And|But|GIVEN|WHEN|THEN|AND|BUT):?\s+([\s\S]+)$/;
/**
 * A bullet that starts with a step keyword in a form the patterns above do not read
 * (`- then it fails`, `- ** THEN ** it fails`, `- **THEN!** it fails`): in a scenario, a
 * step its writer meant, which would silently not run.
 */
const LOOSE_KEYWORD_ITEM = /^[\s*_]*(given|when|then|and|but)[\s*_]*[:.!,;]?[\s*_]+\S/i;
/** A bullet starting with a bold word one letter from a step keyword (`**THN** it fails`): a keyword mistyped. */
const BOLD_FIRST_WORD = /^\*\*([A-Za-z]{3,5})[:.!,;]?\*\*/;
/** A bullet's bold lead (`**Also**`, `**MUST**:`, `**Note:**`): its words, and whether a colon ends it, inside or outside the bold. */
const BOLD_LEAD = /^\*\*\s*([^*\n]*?[^*\s:.!,;])\s*([.!,;]?)\s*(:?)\s*\*\*(\s*:)?/u;
/**
 * The labels of a note beside a scenario's steps (`**Note**:`, `**Design rationale:**`), as a
 * whole or by first or last word. A known set, not any bold word with a colon: `**Verify**:`,
 * `**Expected**:`, `**Must**:` lead checks, and a check read as a note is a green result
 * for something that never ran; a label missing here is an error its writer can rename.
 */
const NOTE_LABELS = new Set(['note', 'notes', 'nb', 'n.b', 'tip', 'tips', 'hint', 'warning', 'caution', 'danger', 'attention', 'important', 'example', 'examples', 'e.g', 'rationale', 'reason', 'why', 'context', 'background', 'caveat', 'caveats', 'see also', 'aside', 'info', 'remark', 'comment', 'todo', 'reference', 'references', 'source']);

/**
 * The bold lead of a bullet among a scenario's steps that is no step keyword, so that
 * the bullet would silently not run, or null. A note label (`**NOTE**:`, `**Note:**`,
 * `**See also**:`) is no such lead.
 */
function strayBoldLead(text: string): string | null {
  const lead = BOLD_LEAD.exec(text);
  if (!lead) return null;
  const words = lead[1].toLowerCase().split(/\s+/).map((word) => word.replace(/\.$/, ''));
  const colon = lead[3] === ':' || lead[4] !== undefined;
  const noteLabel = colon && [words.join(' '), words[0], words[words.length - 1]].some((word) => NOTE_LABELS.has(word));
  return noteLabel ? null : lead[1];
}
const STEP_KEYWORDS = ['given', 'when', 'then', 'and', 'but'];
/** The words of RFC 2119 that state a requirement, upper case as OpenSpec writes them. */
const NORMATIVE = /\b(?:SHALL|MUST)(?: NOT)?\b/;
/** WRITTEN is KEYWORD mistyped: a letter added, dropped or changed, or its letters in another order (TEHN). */
const nearKeyword = (written: string, keyword: string) =>
  written !== keyword && (editDistance(written, keyword) === 1 || [...written].sort().join('') === [...keyword].sort().join(''));
/** A paragraph that names a scenario (`Scenario: x`, `**Scenario: x**`) where a heading would. */
const SCENARIO_PARAGRAPH = /^[\s*_]*scenario(?:\s+outline)?\s*:/i;
/**
 * A paragraph line as written that starts a step: `**WHEN** text` (or `__WHEN__ text`), or an
 * upper-case `WHEN text` (a capitalised "When ..." in a paragraph is prose: the condition of a scenario).
 */
const PARAGRAPH_STEP_LINE = [/^(?:\*\*|__)(given|when|then|and|but):?(?:\*\*|__):?\s+(.*)$/i, /^(GIVEN|WHEN|THEN|AND|BUT):?\s+(.*)$/];

function paragraphStepLine(line: string): { keyword: string; text: string } | null {
  for (const pattern of PARAGRAPH_STEP_LINE) {
    const match = pattern.exec(line.trim());
    if (match) return { keyword: match[1].toUpperCase(), text: match[2].trim() };
  }
  return null;
}

/** A keyword bullet as written: its bold keyword (`**WHEN**`, `__THEN:__`, `**AND**:`) or plain one (`When`, `THEN:`), and the sentence after it. */
const WRITTEN_KEYWORD_ITEM = /^(?:[*_]{2,3}(?:given|when|then|and|but):?[*_]{2,3}:?|(?:given|when|then|and|but):?(?=\s))\s*([\s\S]*)$/i;
/** A bullet bold as a whole, as written (`**WHEN a thing happens**`): the sentence inside the bold. */
const WRITTEN_WHOLE_BOLD_ITEM = /^[*_]{2,3}(?:given|when|then|and|but):?\s+([\s\S]+?)[*_]{2,3}$/i;

/**
 * The sentence of a keyword bullet as its writer wrote it (ITEM.written): the keyword and its
 * own bold marks left out, every other mark kept (`I compute "2*3*4"` reaches its definition
 * so). WHOLE: the bullet is bold as a whole. RENDERED, the sentence the keyword patterns read,
 * where the written text opens otherwise (a keyword made bold by HTML).
 */
function sentenceAfterKeyword(item: ListItem, whole: boolean, rendered: string): string {
  const match = (whole ? WRITTEN_WHOLE_BOLD_ITEM : WRITTEN_KEYWORD_ITEM).exec(item.written.trim());
  return match ? match[1].trim() : withoutBold(rendered).trim();
}

export function translateOpenspecFamily(doc: SpecDocument): FamilyTranslation {
  const file = doc.path;
  const units: UnitDraft[] = [];
  const notRun: NotRunBlock[] = [];
  const problems: FamilyTranslation['problems'] = [];
  let requirement: Section | null = null;
  /** The requirement stands under a change's `## REMOVED Requirements`: its scenarios never run. */
  let removed = false;
  /** OUTLINE: its heading names an outline, or an Examples heading over a table stands under it (a Scenario with Examples is an outline, as in Gherkin 6+; an `Examples:` paragraph too: examplesParagraph). */
  let scenario: { section: Section; content: SectionContent[]; outline: boolean } | null = null;

  const closeScenario = (): void => {
    if (scenario) problems.push(...unreadStepsOf(file, scenario.section, scenario.content));
    if (scenario?.outline || (scenario && examplesParagraph(scenario.content))) units.push(...outlineUnits(file, scenario.section, requirement, scenario.content, problems));
    else if (scenario) {
      const unit = scenarioUnit(file, scenario.section, requirement, scenario.content);
      problems.push(...strayTables(file, unit.steps, scenario.content));
      units.push(unit);
    }
    scenario = null;
  };

  for (const problem of deltaSectionProblems(doc)) problems.push({ file, ...problem, severity: 'error' });
  for (const section of doc.sections) problems.push(...gherkinTagLines(file, section.content));
  /** The paragraphs and list items outside scenarios, where the writer says what their own nouns name. */
  const prose: ProseLine[] = [];
  /** The line of each requirement name met so far, by its delta section. */
  const requirementLines = new Map<string, number>();
  /** The level of the requirement met last (before the first, of the first): the level a scenario heading outside one is measured by. */
  let lastRequirementDepth = doc.sections.find((section) => REQUIREMENT_HEADING.test(section.heading))?.depth;

  doc.sections.forEach((section, index) => {
    const isScenario = SCENARIO_HEADING.test(section.heading) || OUTLINE_HEADING.test(section.heading);
    // A scenario runs up to the next heading that is not deeper than its own.
    if (scenario && section.depth > scenario.section.depth) {
      if (isScenario) problems.push({ file, line: section.line, severity: 'error', message: `'${'#'.repeat(section.depth)} ${section.heading}' stands inside scenario '${scenario.section.heading}' ('${'#'.repeat(scenario.section.depth)}'): its steps are read as that scenario's; give it the scenario's heading level` });
      scenario.content.push(...section.content);
      if (EXAMPLES_MARK.test(section.heading) && section.content.some((item) => item.type === 'table')) scenario.outline = true;
      return;
    }
    closeScenario();
    const underRequirement = requirement && section.depth > requirement.depth ? requirement : null;
    if (requirement) lastRequirementDepth = requirement.depth;
    if (!underRequirement) requirement = null;
    if (REQUIREMENT_HEADING.test(section.heading)) {
      requirement = section;
      removed = deltaOf(doc.sections, index) === 'removed';
      const name = requirementName(section);
      // By delta section: a change may name one requirement in two (RENAMED, then MODIFIED).
      const key = `${deltaOf(doc.sections, index) ?? ''}\t${name}`;
      const first = requirementLines.get(key);
      if (first !== undefined) problems.push({ file, line: section.line, severity: 'error', message: `requirement '${name}' is written twice in this spec (first at line ${first}): a change's MODIFIED, REMOVED or RENAMED could not say which it names` });
      else requirementLines.set(key, section.line);
    }
    if (removed && requirement) {
      for (const item of section.content) if (item.type === 'code') notRun.push({ block: item.block, reason: `under a REMOVED requirement ("${requirement.heading}"): a change removes it, so it never runs` });
      return;
    }
    const misleveled = isScenario ? misleveledScenario(file, section, requirement, lastRequirementDepth) : null;
    if (misleveled) {
      problems.push(misleveled);
      for (const item of section.content) if (item.type === 'code') notRun.push({ block: item.block, reason: `under '${'#'.repeat(section.depth)} ${section.heading}', a scenario heading at a level OpenSpec does not read: it never runs` });
      return;
    }
    if (isScenario) {
      scenario = { section, content: [...section.content], outline: OUTLINE_HEADING.test(section.heading) };
      return;
    }
    if (requirement && section !== requirement && keywordSteps(section.content).length > 0) problems.push(notAScenario(file, section));
    else {
      const outside = keywordSteps(section.content).filter((step) => step.marked);
      if (outside.length > 0) problems.push(stepsOutsideScenarios(file, section, requirement, outside[0].line));
    }
    prose.push(...proseOf(section.content));
    for (const item of section.content) {
      if (item.type !== 'code') continue;
      const place = section.heading ? `under "${section.heading}"` : 'before the first heading';
      notRun.push({ block: item.block, reason: `outside scenarios: ${place}; only the blocks of a "#### Scenario:" are used` });
    }
  });
  closeScenario();
  markSameNames(units);
  if (prose.length > 0) for (const unit of units) if (unit.kind === 'scenario') unit.prose = prose;
  const said = new Set<number>();
  for (const unit of units) {
    if (unit.kind !== 'scenario') continue;
    for (const step of unit.steps) {
      if (step.text.trim() === '' && !said.has(-step.line)) {
        said.add(-step.line);
        problems.push({ file, line: step.line, severity: 'error', message: `a ${step.keyword.toUpperCase()} step with no text: nothing says what it checks; write the step after its keyword, or remove the line` });
      }
      const uneven = step.argument?.kind === 'data-table' ? unevenRows(file, step.argument, `the data table of step '${step.text}'`) : [];
      if (uneven.length > 0) unit.refused ??= { line: uneven[0].line, reason: uneven[0].message };
      // An outline's step stands in each of its rows' units: said once.
      if (said.has(step.line)) continue;
      said.add(step.line);
      problems.push(...uneven);
      if (!step.moreArguments || !step.argument) continue;
      const first = step.argument.kind === 'doc-string' ? 'a doc string' : 'a data table';
      problems.push({ file, line: step.line, severity: 'error', message: `step '${step.text}' has ${first} (line ${step.argument.line}) and more after it (line ${step.moreArguments.join(', ')}): a step takes one argument, as in Gherkin, so the others would reach no definition; give each its own step` });
    }
  }
  return { definitions: [], units, notRun, problems };
}

type ScenarioDraft = Extract<UnitDraft, { kind: 'scenario' }>;

/** The paragraphs and list items of CONTENT, as prose of the document. */
function proseOf(content: SectionContent[]): ProseLine[] {
  return content.flatMap((item): ProseLine[] => {
    if (item.type === 'paragraph') return [{ text: item.paragraph.text, line: item.paragraph.line, ...(item.paragraph.code ? { code: item.paragraph.code } : {}) }];
    if (item.type === 'list') return item.items.map((i) => ({ text: i.text, line: i.line, ...(i.code ? { code: i.code } : {}) }));
    if (item.type === 'table') return glossaryRows(item);
    return [];
  });
}

/** The header of a glossary table: a column of terms, then one of what each means. */
const GLOSSARY_TERM = /^(?:terms?|words?|abbreviations?|acronyms?|names?|symbols?|expressions?)$/i;
const GLOSSARY_MEANING = /^(?:meanings?|definitions?|means|stands\s+for|explanations?|description)$/i;

/**
 * The rows of a glossary table (| Term | Meaning |, two columns) as prose lines that define their term (TERM, its code
 * marks taken off) by their meaning (TEXT, its code spans in CODE, as a paragraph's are). Any other table: none.
 */
function glossaryRows(table: Extract<SectionContent, { type: 'table' }>): ProseLine[] {
  const [header, ...rows] = table.rows;
  if (header?.length !== 2 || !GLOSSARY_TERM.test(header[0].replace(/\*/g, '').trim()) || !GLOSSARY_MEANING.test(header[1].replace(/\*/g, '').trim())) return [];
  return rows.flatMap((row, i): ProseLine[] => {
    if (row.length !== 2 || row[0] === '' || row[1] === '' || /^:?-+:?$/.test(row[0])) return [];
    const code = [...row[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return [{ text: row[1].replace(/`([^`]+)`/g, '$1'), line: table.rowLines[i + 1], term: row[0].replace(/\*\*/g, '').trim(), ...(code.length > 0 ? { code } : {}) }];
  });
}

/** Marks each scenario of UNITS that has the name of an earlier one of its requirement with that one's line (sameNameAt). */
function markSameNames(units: UnitDraft[]): void {
  const first = new Map<string, number>();
  for (const unit of units) {
    if (unit.kind !== 'scenario') continue;
    const key = `${unit.requirement}\t${unit.name}`;
    const line = first.get(key);
    if (line === undefined) first.set(key, unit.line);
    // A repeated Examples row has its first's name, but is no scenario to rename: sameRowAt says so.
    else if (unit.sameRowAt === undefined) unit.sameNameAt = line;
  }
}

/** Why a scenario of the name of an earlier one of its requirement is worth renaming: a warning of check and of the run. */
export function sameNameWarning(unit: Pick<ScenarioDraft, 'headingPath' | 'requirement' | 'sameNameAt' | 'sameRowAt'>): string | null {
  if (unit.sameRowAt !== undefined) return `this Examples row of '${unit.headingPath.at(-1)}' repeats the row at line ${unit.sameRowAt}, cell for cell: it runs the same case again, and reports tell the two apart only by a " (2)"; remove it, or change a cell if another case was meant`;
  if (unit.sameNameAt === undefined) return null;
  const requirement = unit.requirement ? ` of requirement '${unit.requirement}'` : '';
  return `'${unit.headingPath.at(-1)}' has the name of the scenario at line ${unit.sameNameAt}${requirement}: reports tell the two apart only by the " (2)" spec-run adds to this one's name; give it a name of its own`;
}

/**
 * A Gherkin scenario outline: one scenario per row of its Examples tables (the tables
 * under it), each `<column>` of its steps, doc strings and data tables replaced by the
 * row's value. The unit stands at its row's line and is named by the row.
 */
function outlineUnits(file: string, section: Section, requirement: Section | null, content: SectionContent[], problems: FamilyTranslation['problems']): UnitDraft[] {
  const template = scenarioUnit(file, section, requirement, content);
  const tables = content.flatMap((item) => (item.type === 'table' ? [item] : []));
  // Rows without a delimiter row are said at their line (unreadStepsOf), not as a missing table.
  const pasted = content.some((item) => item.type === 'paragraph' && rowsWithoutDelimiter(item.paragraph.written) >= 0);
  if (tables.length === 0 && pasted) return [];
  if (tables.length === 0) problems.push({ file, line: section.line, severity: 'error', message: `scenario outline '${template.name}' has no Examples table: its <placeholders> have no values, so nothing runs` });
  else if (tables.every((table) => table.rows.length < 2)) problems.push({ file, line: section.line, severity: 'error', message: `scenario outline '${template.name}' has no Examples rows (only a header): its <placeholders> have no values, so nothing runs` });
  else problems.push(...unfilledPlaceholders(file, template.steps, tables), ...unusedColumns(file, template, tables));
  /** Each row's header and cells, with the line of the first row that had them. */
  const rowsSeen = new Map<string, number>();
  return tables.flatMap((table) => {
    const uneven = unevenRows(file, table, 'the Examples table');
    problems.push(...uneven);
    const [header = [], ...rows] = table.rows;
    return rows.map((row, i): ScenarioDraft => {
      const fill = (text: string) => text.replace(PLACEHOLDER, (placeholder, name: string) => (header.includes(name) ? (row[header.indexOf(name)] ?? '') : placeholder));
      // Its row refused, the unit does not run: a missing cell would fill its <placeholder> with nothing.
      const refused = uneven.find((problem) => problem.line === table.rowLines[i + 1]);
      const cells = JSON.stringify([header, row]);
      const sameRowAt = rowsSeen.get(cells);
      if (sameRowAt === undefined) rowsSeen.set(cells, table.rowLines[i + 1]);
      return {
        ...(sameRowAt !== undefined ? { sameRowAt } : {}),
        ...template,
        name: `${template.name} (${header.map((name, j) => `${name}: ${row[j] ?? ''}`).join(', ')})`,
        line: table.rowLines[i + 1],
        ...(refused ? { refused: { line: refused.line, reason: refused.message } } : {}),
        steps: template.steps.map((step) => ({ ...step, text: fill(step.text), ...(step.argument ? { argument: filledArgument(step.argument, fill) } : {}) })),
      };
    });
  });
}

/** Gherkin's keyword over an outline's rows (`Examples:`, `Examples: fruits`, `Scenarios:`), as a heading or a paragraph. */
const EXAMPLES_MARK = /^(?:examples|scenarios)\s*(?::.*)?$/i;

/** Whether CONTENT has an `Examples:` paragraph with a table after it: Gherkin 6+ runs a Scenario with Examples as an outline, each row. */
function examplesParagraph(content: SectionContent[]): boolean {
  const mark = content.findIndex((item) => item.type === 'paragraph' && EXAMPLES_MARK.test(item.paragraph.text));
  return mark >= 0 && content.slice(mark + 1).some((item) => item.type === 'table');
}


type ExamplesTable = Extract<SectionContent, { type: 'table' }>;

/**
 * An error at each step of an outline holding a `<placeholder>` that names no column of an
 * Examples table: the rows of that table would leave it as written, and every row would run
 * the same literal text, a green result for values never tried. In a doc string, where markup
 * (`<p>`) is common, only a placeholder a letter or two from a column (a typo) is one.
 */
function unfilledPlaceholders(file: string, steps: ScenarioStep[], tables: ExamplesTable[]): FamilyTranslation['problems'] {
  const problems: FamilyTranslation['problems'] = [];
  const columns = [...new Set(tables.flatMap((table) => table.rows[0] ?? []))];
  for (const step of steps) {
    const cells = step.argument?.kind === 'data-table' ? step.argument.rows.flat() : [];
    const written = [step.text, ...cells].flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]));
    const docString = step.argument?.kind === 'doc-string' ? [...step.argument.text.matchAll(PLACEHOLDER)].map((match) => match[1]) : [];
    const typos = docString.filter((name) => !columns.includes(name) && columns.some((column) => editDistance(name, column) <= 2));
    for (const name of new Set([...written, ...typos])) {
      const lacking = tables.filter((table) => !(table.rows[0] ?? []).includes(name));
      if (lacking.length === 0) continue;
      const near = lacking.flatMap((table) => table.rows[0] ?? []).filter((column) => editDistance(name, column) <= 2);
      const which = lacking.length === tables.length ? 'names no column of its Examples' : `names no column of the Examples table at line ${lacking.map((table) => table.line).join(', ')}`;
      problems.push({
        file,
        line: step.line,
        severity: 'error',
        message: `<${name}> in step '${step.text}' ${which} (columns: ${lacking.map((table) => (table.rows[0] ?? []).join(', ')).join('; ')}), so every row would leave it as written and none would try its value${near.length ? `; did you mean <${near[0]}>?` : ''}`,
      });
    }
  }
  return problems;
}

/**
 * An error at the header of an Examples table for each column no `<placeholder>` of the
 * outline names (in a step, its data table or doc string, or the heading): each row would
 * pass under a name stating that column's value, which nothing tried or compared, as a
 * placeholder naming no column leaves its value untried (unfilledPlaceholders).
 */
function unusedColumns(file: string, template: ScenarioDraft, tables: ExamplesTable[]): FamilyTranslation['problems'] {
  const texts = [template.name, ...template.steps.flatMap((step) => [step.text, ...(step.argument?.kind === 'data-table' ? step.argument.rows.flat() : step.argument ? [step.argument.text] : [])])];
  const used = new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1])));
  return tables.flatMap((table) =>
    (table.rows[0] ?? [])
      .filter((column) => column !== '' && !used.has(column))
      .map((column) => ({
        file,
        line: table.rowLines[0],
        severity: 'error' as const,
        message: `the Examples column '${column}' is used by no step of scenario outline '${template.name}' (no <${column}> in its steps, their tables or doc strings, or its heading), so each row would pass under a name that states its ${column} though nothing tried or compared it: write <${column}> where a step states it, or, for a column that only names its rows, in the heading ('Scenario Outline: ${template.name} <${column}>')`,
      })),
  );
}

function filledArgument(argument: ItemArgument, fill: (text: string) => string): ItemArgument {
  return argument.kind === 'doc-string' ? { ...argument, text: fill(argument.text) } : { ...argument, rows: argument.rows.map((row) => row.map(fill)) };
}

function scenarioUnit(file: string, section: Section, requirement: Section | null, content: SectionContent[]): ScenarioDraft {
  const configs: CodeRef[] = [];
  let condition: string | null = null;
  let conditionCode: string[] | undefined;
  /** The condition paragraph as written: a condition read as the scenario's one step ("When `x` runs:") is that sentence. */
  let conditionWritten: string | null = null;
  let conditionLine = section.line;
  /** Pre-condition paragraphs a later When or Given paragraph took the condition's place from: never dropped, the interpreter sets them up or binds nothing. */
  const preconditions: ProseLine[] = [];
  let sawBlockOrList = false;
  for (const item of content) {
    if (item.type === 'paragraph' && paragraphSteps(item.paragraph) !== null) {
      sawBlockOrList = true;
      continue;
    }
    // The condition is the paragraph that opens with When or Given, where prose stands before it ("What happens if
    // …? The grader does not let it pass.", then "When …, run with `--log x`:"): the question is no setup.
    if (item.type === 'paragraph' && !sawBlockOrList && (condition === null || (!OPENS_AS_CONDITION.test(condition) && OPENS_AS_CONDITION.test(item.paragraph.text)))) {
      if (condition !== null && PRECONDITION_LABEL.test(condition)) preconditions.push({ text: condition, line: conditionLine, ...(conditionCode ? { code: conditionCode } : {}) });
      condition = item.paragraph.text;
      conditionWritten = item.paragraph.written;
      conditionCode = item.paragraph.code;
      conditionLine = item.paragraph.line;
    }
    // A labelled setup after a labelled one ("Setup: …", then "Stimulus: …"): both are the run's, the second kept as well.
    else if (item.type === 'paragraph' && !sawBlockOrList && condition !== null && PRECONDITION_LABEL.test(condition) && PRECONDITION_LABEL.test(item.paragraph.text))
      preconditions.push({ text: item.paragraph.text, line: item.paragraph.line, ...(item.paragraph.code ? { code: item.paragraph.code } : {}) });
    if (item.type === 'code') configs.push(codeRef(file, item.block));
    if (item.type !== 'paragraph') sawBlockOrList = true;
  }
  return {
    kind: 'scenario',
    name: (SCENARIO_HEADING.exec(section.heading) ?? OUTLINE_HEADING.exec(section.heading))!.at(-1)!.trim(),
    file,
    line: section.line,
    headingPath: section.headingPath,
    requirement: requirement ? requirementName(requirement) : '',
    condition,
    ...(conditionCode ? { conditionCode } : {}),
    ...(preconditions.length > 0 ? { preconditions } : {}),
    configs,
    steps: scenarioSteps(content, conditionWritten, conditionLine, conditionCode),
  };
}

/** A paragraph written as a scenario's condition: "When …", "Given …". */
const OPENS_AS_CONDITION = /^(?:given|when)\s/i;
/** A paragraph that states the state a scenario starts from: "Pre-condition: …", "Preconditions: …". */
// A record's setup or stimulus under a label of its own ("Setup: …", "Stimulus: …", "Procedure: …") is one too: what
// the run is made from, kept for the interpreter to set up or to leave its scenario unbound, never dropped.
export const PRECONDITION_LABEL = /^\s*(?:pre-?conditions?|set-?up|test\s+set-?up|stimulus|procedure)\s*:\s*/i;

/** "When command execution times out:" as a step, for a scenario that has no other. */
const CONDITION_STEP = /^(given|when)\s+(.+?):?$/i;

/**
 * Steps come from, in this order of preference: the lists after keyword paragraphs
 * ("Then:"), `**WHEN**`/`**THEN**`/`**AND**` bullets (or plain `Given`/`When`/`Then`/`And`/`But` ones), or else the first numbered list
 * of the scenario, read as "Then" steps; a scenario with none of these has its
 * condition paragraph ("When command execution times out:"), CONDITION as written, as its one step.
 */
function scenarioSteps(content: SectionContent[], condition: string | null, conditionLine: number, conditionCode?: string[]): ScenarioStep[] {
  const steps = keywordSteps(content);
  if (steps.length > 0) return steps.map(({ marked: _marked, items: _items, ...step }) => step);
  const numbered = content.find((item) => item.type === 'list' && item.ordered);
  if (numbered?.type !== 'list') {
    const asStep = condition === null ? null : CONDITION_STEP.exec(condition);
    return asStep ? [withCode({ keyword: capitalized(asStep[1]), text: asStep[2], line: conditionLine, number: null }, conditionCode)] : [];
  }
  return numbered.items.map((listItem) => stepOf('Then', listItem.written, listItem));
}

/** The languages of a block that states data (JSON, YAML): a scenario's, never a step's doc string unless indented under it. */
export const DATA_LANGUAGES = /^(?:json|jsonc|json5|ya?ml)$/i;

/** A step read from CONTENT: `marked` when written so no prose is (bold keyword, keyword paragraph); `items`, the lines of the bullets it took as its table. */
type KeywordStep = ScenarioStep & { marked?: true; items?: number[] };

/**
 * The steps CONTENT writes with keywords: keyword paragraphs' lists, keyword bullets, keyword
 * paragraph lines. Bullets without a keyword right after a keyword bullet ending in a colon
 * ("- **THEN** it lists:") are that step's items, written beside it rather than inside it:
 * its data table, one row each.
 */
function keywordSteps(content: SectionContent[]): KeywordStep[] {
  const steps: KeywordStep[] = [];
  let keyword: string | null = null;
  /**
   * The last step of the list just read, when it ends in a colon and has no argument: a table
   * right after the list is its data table, and a block its doc string, as Gherkin passes them
   * (a JSON or YAML block stays the scenario's, which steps read through this.blocks or
   * spec-run's vocabulary, and which is refused when read by nothing: unread-blocks.ts).
   */
  let awaitingArgument: KeywordStep | null = null;
  for (const item of content) {
    if (item.type === 'table' && awaitingArgument) {
      awaitingArgument.argument = { kind: 'data-table', rows: item.rows, rowLines: item.rowLines, line: item.line };
      awaitingArgument = null;
      continue;
    }
    if (item.type === 'code' && awaitingArgument && !DATA_LANGUAGES.test(item.block.lang ?? '')) {
      awaitingArgument.argument = { kind: 'doc-string', text: item.block.text, lang: item.block.lang, line: item.block.line };
      awaitingArgument = null;
      continue;
    }
    awaitingArgument = null;
    if (item.type === 'paragraph') {
      const match = KEYWORD_PARAGRAPH.exec(item.paragraph.text);
      keyword = match ? capitalized(match[1]) : null;
      // Not marked: an upper-case WHEN line in prose is also how EARS writes a requirement.
      steps.push(...(paragraphSteps(item.paragraph) ?? []));
    } else if (item.type === 'list') {
      let listing: KeywordStep | null = null;
      for (const listItem of item.items) {
        const boldMatch = BOLD_KEYWORD_ITEM.exec(listItem.text) ?? WHOLE_BOLD_KEYWORD_ITEM.exec(listItem.text.trim());
        const bold = boldMatch ? [boldMatch[0], boldMatch[1].toUpperCase(), boldMatch[2]] : PLAIN_KEYWORD_ITEM.exec(listItem.text);
        let step: KeywordStep | null = null;
        if (keyword) step = { ...stepOf(keyword, listItem.written, listItem), marked: true };
        else if (bold) step = { ...stepOf(bold[1], sentenceAfterKeyword(listItem, boldMatch !== null && !BOLD_KEYWORD_ITEM.test(listItem.text), bold[2]), listItem), ...(boldMatch ? { marked: true } : {}) };
        else if (listing && !LOOSE_KEYWORD_ITEM.test(listItem.text) && !listItem.argument) {
          const table = listing.argument?.kind === 'data-table' ? listing.argument : { kind: 'data-table' as const, rows: [], line: listItem.line };
          listing.argument = { ...table, rows: [...table.rows, [listItem.written.replace(/\s*\n\s*/g, ' ').trim()]] };
          listing.items = [...(listing.items ?? []), listItem.line];
          continue;
        }
        if (step) steps.push(step);
        listing = step && step.text.endsWith(':') && !step.argument ? step : null;
      }
      awaitingArgument = listing && !listing.argument ? listing : null;
      keyword = null;
    }
  }
  return steps;
}

/** A paragraph of Gherkin tags alone (`@smoke @slow`). */
const GHERKIN_TAG_LINE = /^@[\w:.-]+(?:\s+@[\w:.-]+)*$/;

/**
 * Gherkin's tag lines above a scenario: prose here, so `--tag smoke` would not select what they
 * tag. A warning at each, saying how spec-run tags and selects.
 */
function gherkinTagLines(file: string, content: SectionContent[]): FamilyTranslation['problems'] {
  return content.flatMap((item) =>
    item.type === 'paragraph' && GHERKIN_TAG_LINE.test(item.paragraph.text.trim())
      ? [{ file, line: item.paragraph.line, severity: 'warning' as const, message: `'${item.paragraph.text.trim()}' is a Gherkin tag line, read here as prose: it tags nothing, so --tag does not select by it; tag the document in its frontmatter (tags: [${item.paragraph.text.trim().split(/\s+/).map((tag) => tag.slice(1)).join(', ')}]) for --tag, or select scenarios by name with --grep` }]
      : [],
  );
}

/**
 * What in a scenario looks like a step or a scenario and would silently not run: a bullet
 * starting with a keyword in a form not read as a step, and a paragraph naming a scenario
 * (`Scenario: x`), whose steps would be read as this scenario's.
 */
function unreadStepsOf(file: string, section: Section, content: SectionContent[]): FamilyTranslation['problems'] {
  const problems: FamilyTranslation['problems'] = [];
  const steps = keywordSteps(content);
  const read = new Set(steps.flatMap((step) => [step.line, ...(step.items ?? [])]));
  // Without keyword steps, a numbered list is the scenario's steps (scenarioSteps).
  const numbered = steps.length === 0;
  /**
   * The item before held the steps, or continued them: a list right below them (`1. **ALSO** …`
   * after `- **WHEN** …`, a new list as markdown reads it) is among them too, unless their
   * last line ends in a colon, which introduces a list of its own.
   */
  let continuesSteps = false;
  /** The paragraph right before the item, when it is a label ("Expected:", "**Outcome**:"): what a list below it is said to be under. */
  let label: string | null = null;
  for (const item of content) {
    const under = label;
    label = item.type === 'paragraph' && /^[^\n]{1,40}:[*_]*$/.test(item.paragraph.text.trim()) ? item.paragraph.text.trim() : null;
    const belowSteps: boolean = continuesSteps;
    const holdsSteps = item.type === 'list' && item.items.some((listItem) => read.has(listItem.line));
    continuesSteps = item.type === 'list' && (holdsSteps || belowSteps) && !item.items[item.items.length - 1].text.trimEnd().endsWith(':');
    const rows = item.type === 'paragraph' ? rowsWithoutDelimiter(item.paragraph.written) : -1;
    if (item.type === 'paragraph' && rows >= 0) problems.push(noDelimiterRow(file, item.paragraph.line + rows, item.paragraph.written.split('\n')[rows].trim(), 'markdown reads them as a paragraph, which no step and no Examples gets'));
    if (item.type === 'paragraph' && SCENARIO_PARAGRAPH.test(item.paragraph.text)) {
      const name = item.paragraph.text.replace(/[*_]/g, '').replace(SCENARIO_PARAGRAPH, '').split('\n')[0].trim();
      problems.push({ file, line: item.paragraph.line, severity: 'error', message: `'${item.paragraph.text.split('\n')[0].trim()}' is a paragraph, not a heading: what follows it would be read as scenario '${section.heading.replace(/^[^:]*:\s*/, '')}'; write it as the heading '${'#'.repeat(section.depth)} Scenario: ${name || '<name>'}'` });
    }
    if (item.type !== 'list' || (numbered && item.ordered)) continue;
    for (const listItem of item.items) {
      if (read.has(listItem.line)) {
        problems.push(...stepsInsideStep(file, listItem));
        continue;
      }
      problems.push(...stepsNestedUnder(file, listItem));
      const loose = LOOSE_KEYWORD_ITEM.exec(listItem.text);
      const bold = loose ? null : BOLD_FIRST_WORD.exec(listItem.text);
      const mistyped = bold ? STEP_KEYWORDS.find((word) => nearKeyword(bold[1].toLowerCase(), word)) : undefined;
      if (!loose && !mistyped) {
        const lead = strayBoldLead(listItem.text);
        if ((holdsSteps || belowSteps) && lead !== null) {
          const text = listItem.text.replace(BOLD_LEAD, '').split('\n')[0].replace(/[*_]/g, '').trim();
          problems.push({ file, line: listItem.line, severity: 'error', message: `'${listItem.text.split('\n')[0].trim()}' stands among the scenario's steps led by **${lead}**, which is no step keyword (GIVEN, WHEN, THEN, AND, BUT), so it would never run: write it as '- **AND** ${text}', or as a note beside the steps ('**Note**: …') if it is no check` });
          continue;
        }
        // A list holding steps, or right below them (`1. …` or `+ …` after `- **THEN** …`, a new
        // list as markdown reads it), is the scenario's steps: every item of it is meant as one,
        // but for a note beside them, led by a note label (`**Note:**`, `**Caveat:**`).
        // Below the steps, in a list of its own (under "Expected:", say), a bullet stating what SHALL or
        // MUST hold reads as a check, yet no step runs it: a note (led by a note label) is none.
        if (!holdsSteps && !belowSteps && steps.length > 0 && !(BOLD_LEAD.test(listItem.text) && lead === null) && NORMATIVE.test(listItem.text)) {
          const first = listItem.text.split('\n')[0].trim();
          problems.push({ file, line: listItem.line, severity: 'error', message: `'${first}' states what ${NORMATIVE.exec(listItem.text)![0]} hold${under ? ` (in the list under '${under}')` : ''}, but it is no step of the scenario, so nothing checks it: write it among the steps as '- **AND** ${first.replace(/[*_]/g, '').trim()}' (or '- **THEN** …'), or as a note without ${NORMATIVE.exec(listItem.text)![0]} if it is none` });
          continue;
        }
        if ((holdsSteps || belowSteps) && !/^\*\*[^*\n]+\*\*/.test(listItem.text)) problems.push({ file, line: listItem.line, severity: 'error', message: `'${listItem.text.split('\n')[0].trim()}' stands among the scenario's steps without a step keyword at its start, so it would never run: write it as '- **AND** ${listItem.text.split('\n')[0].replace(/[*_]/g, '').trim()}' (or start it with GIVEN, WHEN or THEN), or move it out of the list of steps (a blank line does not end a markdown list, nor does a list of another marker right below it; a paragraph between them does)` });
        continue;
      }
      const keyword = (loose?.[1] ?? mistyped!).toUpperCase();
      const rest = listItem.text.split('\n')[0].replace(/[*_]/g, '').trim().replace(/^\S+[:.!]?\s*/, '');
      problems.push({ file, line: listItem.line, severity: 'error', message: `'${listItem.text.split('\n')[0].trim()}' ${mistyped ? `looks like a ${keyword} step mistyped` : `starts with ${keyword} but is not read as a step`}, so it would never run: write it as '- **${keyword}** ${rest}'` });
    }
  }
  return problems;
}

/**
 * Bold keyword steps nested in ITEM, a bullet that is no step (a note, an example): markdown
 * renders them as checks, but a nested list is its item's data, so they would never run (under
 * a step they are its data table, which its definition takes or refuses).
 */
function stepsNestedUnder(file: string, item: ListItem): FamilyTranslation['problems'] {
  const parent = item.text.split('\n')[0].trim();
  return (item.nestedItems ?? [])
    .filter((nested) => BOLD_KEYWORD_ITEM.test(nested.text) || WHOLE_BOLD_KEYWORD_ITEM.test(nested.text.trim()))
    .map((nested) => {
      const first = nested.text.split('\n')[0].trim();
      return { file, line: nested.line, severity: 'error' as const, message: `'${first}' is a step nested under '${parent}', which is no step, so it would never run: write it at the level of the scenario's steps ('- ${first}'), or without its bold keyword if it is no check` };
    });
}

/**
 * What a step's bullet holds that would silently not run: a line of its text, or an item of
 * the list under it, starting with a bold step keyword (`**THEN** …` written right below the
 * bullet without its own `- `, or indented under it), which is read as part of the step's
 * text or as a row of its data table; and an item nested below a row, which is no row of
 * that table and would reach no definition.
 */
function stepsInsideStep(file: string, item: ListItem): FamilyTranslation['problems'] {
  const step = item.text.split('\n')[0].trim();
  const problems: FamilyTranslation['problems'] = [];
  const pasted = rowsWithoutDelimiter(item.written);
  if (pasted > 0) problems.push(noDelimiterRow(file, item.line + pasted, item.written.split('\n')[pasted].trim(), `markdown reads them as more text of the step '${step}', which gets no data table`));
  item.text.split('\n').forEach((text, index) => {
    if (index > 0 && BOLD_KEYWORD_LINE.test(text.trim())) {
      problems.push({ file, line: item.line + index, severity: 'error', message: `'${text.trim()}' continues the text of the step '${step}' (a line right below a bullet belongs to it), so it would never run as a step of its own: start it as a bullet ('- ${text.trim()}')` });
    }
  });
  const isKeywordStep = (nested: NestedItem) => BOLD_KEYWORD_ITEM.test(nested.text) || WHOLE_BOLD_KEYWORD_ITEM.test(nested.text.trim());
  const rows = (item.nestedItems ?? []).filter((nested) => nested.depth === 1);
  // A step ending in a colon over rows that are all keyword bullets lists them as its data
  // (OpenSpec's own conventions name the keywords so); a keyword row among plain rows, or
  // under a step that introduces no list, is a step indented by mistake.
  const keywordsAsData = item.text.trimEnd().endsWith(':') && rows.every(isKeywordStep);
  for (const nested of item.nestedItems ?? []) {
    const first = nested.text.split('\n')[0].trim();
    if (nested.depth === 1 && keywordsAsData) continue;
    if (isKeywordStep(nested)) {
      problems.push({ file, line: nested.line, severity: 'error', message: `'${first}' is nested under the step '${step}', where a list is that step's data table, so it would never run as a step: write it at the level of the scenario's steps ('- ${first}'), or without its bold keyword if it is a row of the table` });
    } else if (nested.depth > 1) {
      problems.push({ file, line: nested.line, severity: 'error', message: `'${first}' is nested below a row of the data table of the step '${step}': a data table has one row per item right below the step, so this item would reach no definition: write it as a row of its own, at the level of the other rows, or as part of its row's text` });
    }
  }
  return problems;
}


/**
 * Where the lines of a paragraph or a bullet, as WRITTEN, end in rows (each written `| ... |`):
 * a table pasted from a .feature file without markdown's delimiter row, which markdown reads
 * as text. The index of the first of those lines, or -1.
 */
function rowsWithoutDelimiter(written: string): number {
  const lines = written.split('\n');
  let first = lines.length;
  while (first > 0 && ROW_LINE.test(lines[first - 1].trim())) first--;
  return first < lines.length ? first : -1;
}

/** Rows from LINE on (the first, HEADER) that are no table, as markdown reads them (WHAT becomes of them): an error saying how to make them one. */
function noDelimiterRow(file: string, line: number, header: string, what: string): FamilyTranslation['problems'][number] {
  const delimiter = `|${header.replace(/^\||\|$/g, '').split('|').map(() => '---').join('|')}|`;
  return { file, line, severity: 'error', message: `'${header}' and the lines after it look like a table but have no delimiter row below the header: ${what}; write '${delimiter}' on the line after '${header}'` };
}

/** A line of a step's text that starts with a bold step keyword: a step written without its own bullet. */
const BOLD_KEYWORD_LINE = /^\*\*(given|when|then|and|but):?\*\*/i;

/** Steps written (as `**WHEN**` bullets or after a `Then:` line) outside any scenario: an error at the first, since none of them would run. */
function stepsOutsideScenarios(file: string, section: Section, requirement: Section | null, line: number): FamilyTranslation['problems'][number] & { stepsOutside: true } {
  const where = requirement === section ? `in the text of requirement '${requirementName(section)}'` : section.heading ? `under '${section.heading}'` : 'before the first heading';
  return { file, line, severity: 'error', message: `WHEN/THEN steps ${where} stand outside any scenario, so they would never run: only a '#### Scenario:' runs its steps; put them under a scenario heading`, stepsOutside: true };
}

/**
 * A scenario heading of a document with requirements at a level other than one below its
 * requirement's (`##### Scenario:` or `### Scenario:` under `### Requirement:`), or null.
 * OpenSpec counts only a requirement's level-4 headings as its scenarios ("Scenarios must use
 * level-4 headers"), so such a heading is no scenario: it is an error at its line, and runs
 * nothing, rather than a check OpenSpec's validation and archiving do not see. REQUIREMENT is
 * the one it stands under, if any; REQUIREMENT_DEPTH the level of the requirements otherwise.
 * A scenario one level below the requirements' with none above it (under `## Purpose`) belongs
 * to no requirement, as before.
 */
function misleveledScenario(file: string, section: Section, requirement: Section | null, requirementDepth: number | undefined): FamilyTranslation['problems'][number] | null {
  const level = requirement?.depth ?? requirementDepth;
  if (level === undefined || section.depth === level + 1) return null;
  const written = `${'#'.repeat(section.depth)} ${section.heading}`;
  const where = requirement
    ? `under requirement '${requirementName(requirement)}' (level ${level})`
    : section.depth === level ? `at the level of the requirements (${level})` : section.depth < level ? `above the requirements (level ${level})` : `deeper than the requirements' scenarios (level ${level + 1})`;
  return {
    file,
    line: section.line,
    severity: 'error',
    message: `'${written}' is a level-${section.depth} heading ${where}: a scenario is the heading one level below its requirement, level ${level + 1} ('${'#'.repeat(level + 1)} ${section.heading}'), as OpenSpec reads one; written so it is no requirement's scenario and runs nothing`,
  };
}

/**
 * A heading under a requirement, followed by keyword steps, that is not read as a
 * scenario (`#### Senario: x`, `#### Scenario x`): an error at the heading, since its
 * steps would never run.
 */
function notAScenario(file: string, section: Section): FamilyTranslation['problems'][number] & { notAScenario: true } {
  const name = section.heading.includes(':') ? section.heading.slice(section.heading.indexOf(':') + 1).trim() : section.heading.replace(/^scenario\b\s*/i, '');
  // Gherkin's Background is shared setup, not a check of its own: a scenario would run it once and check nothing.
  const advice = /^background\b/i.test(section.heading)
    ? "Gherkin's Background has no heading here: run its steps before each scenario from a Before hook in your steps file (import { Before } from 'spec-run/steps'), or repeat them as GIVEN steps of each scenario"
    : `write it as the heading 'Scenario: ${name || '<name>'}'`;
  return {
    file,
    line: section.line,
    severity: 'error',
    message: `heading '${section.heading}' is followed by WHEN/THEN steps but is not read as a scenario, so they would never run: ${advice}`,
    notAScenario: true,
  };
}

/**
 * Whether DOC, with requirements but no scenario heading (so of no family), holds headings
 * whose keyword steps make them scenarios misspelt: it is an OpenSpec document, whose
 * translation says so at each of them, rather than a document spec-run cannot read.
 */
export function misspeltScenarios(doc: SpecDocument): boolean {
  return translateOpenspecFamily(doc).problems.some((problem) => 'notAScenario' in problem);
}

/**
 * Steps written as paragraph lines (`**WHEN** text` or `WHEN text`, one a line, or one
 * a paragraph): each keyword line starts a step, other lines continue it. Null when
 * the paragraph does not start with such a line.
 */
function paragraphSteps(paragraph: Paragraph): ScenarioStep[] | null {
  const lines = paragraph.written.split('\n');
  if (paragraphStepLine(lines[0]) === null) return null;
  const steps: ScenarioStep[] = [];
  lines.forEach((line, i) => {
    const step = paragraphStepLine(line);
    if (step) steps.push({ ...step, line: paragraph.line + i, number: null });
    else steps[steps.length - 1].text += ` ${line.trim()}`;
  });
  return steps.map((step) => withCode(step, paragraph.code));
}

/**
 * A step written as a list item, with the doc string or data table inside the item. A
 * step soft-wrapped over several lines is one sentence: its lines joined by single spaces,
 * as reports show it and definitions match it.
 */
function stepOf(keyword: string, text: string, item: ListItem): ScenarioStep {
  // Rows without a delimiter row below the step's sentence are no part of it (said at their line in stepsInsideStep).
  const rows = rowsWithoutDelimiter(text);
  const sentence = rows > 0 ? text.split('\n').slice(0, rows).join('\n') : text;
  return withCode(
    { keyword, text: sentence.replace(/\s*\n\s*/g, ' ').trim(), line: item.line, number: item.number, ...(item.argument ? { argument: item.argument } : {}), ...(item.moreArguments ? { moreArguments: item.moreArguments } : {}) },
    item.code,
  );
}

/** STEP with the code spans of its item or paragraph that stand in its text. */
function withCode(step: ScenarioStep, code: string[] | undefined): ScenarioStep {
  const own = (code ?? []).filter((span) => step.text.includes(span));
  return own.length > 0 ? { ...step, code: own } : step;
}

function capitalized(word: string): string {
  return word[0].toUpperCase() + word.slice(1).toLowerCase();
}

function withoutBold(text: string): string {
  return text.replace(/\*\*([^*]*)\*\*/g, '$1');
}
