// The test plan: what the translate stage decided to run for each document.
import { parseDuration } from '../executor/duration.js';
import type { CodeBlock, Diagnostic, ListItem } from './document.js';
import type { Rename, Requirement } from './requirements.js';

/** A piece of code to load or run, with where it stands in the markdown. */
export interface CodeRef {
  file: string;
  /** Line in the markdown file of the first line of `text`. */
  line: number;
  /** For each line of `text`, the column in the markdown file of its first column (past a list item's indentation); all 1 when absent. */
  columns?: number[];
  text: string;
  lang: string | null;
  headingPath: string[];
  blockIndex: number;
  /** A definition of another document of the specification tree, loaded for this one: the names this one needs of it, and the first line that needs it (translate/tree-definitions.ts). */
  borrowed?: { names: string[]; usedAt: number };
  /**
   * Where a document's own definitions load when not before every unit: `with-unit`, those of
   * a block that holds other code too, which run in its unit, in the block's order (listed
   * here for the tree and for check, never loaded apart); `in-place`, a block of definitions
   * only that loads where it stands, before the next unit, because loading it first would
   * change what a block above it reads or read it before what a block above it makes.
   */
  loads?: { at: 'with-unit' } | { at: 'in-place'; because: string };
}

interface UnitBase {
  /** Unique within the run: "<file>#<n>". */
  id: string;
  name: string;
  file: string;
  line: number;
  headingPath: string[];
  /** Ids of the requirements this unit verifies (see DocumentPlan.requirements). */
  requirements?: string[];
}

/** A Lisp block with top-level forms to run in document order (assertions, or teardown). */
export interface LispBlockUnit extends UnitBase {
  kind: 'lisp-block';
  code: CodeRef;
  /** The JSON of the "Input" block this block answers ("Expected" after "Input"): bound to `input` while it runs. */
  input?: CodeRef;
  /** Set when `input` was derived from an Input written in prose: that prose (translate/rules/prose-input.ts). */
  inputProse?: string;
}

/** A `(fiveam:test name ...)` defined during loading, run by name. */
export interface FiveamTestUnit extends UnitBase {
  kind: 'fiveam-test';
  /** The test's name as written, e.g. "slow-code-times-out". */
  testName: string;
  /** How the test was written when not with FiveAM's `test`: rove/prove `deftest`, Parachute `define-test`. */
  dialect?: string;
  /** The reader conditional its definition stands behind, as written ("#-sbcl", "#+(or ccl ecl)"). */
  feature?: string;
}

/** A function of no arguments, defined and never called, named `verify-...` or holding checks: the unit calls it. */
export interface VerifyFunctionUnit extends UnitBase {
  kind: 'verify-function';
  functionName: string;
}

/** A check written in code: its line, and its text on one line. */
export interface CheckSite {
  line: number;
  text: string;
}

/** A function holding checks that the document's code calls (DocumentPlan.calledCheckFunctions). */
export interface CalledCheckFunction {
  /** As written. */
  name: string;
  line: number;
  headingPath: string[];
  /** Its checks and those of the document's functions it calls, in line order: a point at one of their lines is the function's checks running. */
  checks: CheckSite[];
  /** False when it needs arguments: it cannot be run as a unit. */
  callableWithoutArguments: boolean;
  /** Set when a variable holds it (`(defvar *f* (lambda ...))`): it has no name to be run by as a unit. */
  variable?: true;
  /** Set when it is a lambda kept as data (`(push (lambda ...) *checks*)`): no unit may have called it, and it has no name to be run by. */
  stored?: true;
}

/** A JSON block under an "Input" label: the request must be well-formed JSON-RPC for a listed tool. */
export interface JsonInputUnit extends UnitBase {
  kind: 'json-input';
  code: CodeRef;
  /** Line of the Lisp block that reads this request as `input`; then only well-formedness is checked here. */
  pairedWith?: number;
  /** The block labelled as the answer ("**Expected**"): the request is sent and the response must hold it. */
  expected?: ExpectedAnswer;
}

/** The answer shown for an Input request (translate/rules/expected-answer.ts). */
export interface ExpectedAnswer extends CodeRef {
  /** json: the response holds that JSON; text: the text of the tool's answer holds its lines. */
  form: 'json' | 'text';
  /** Why it holds for any answer, when it states nothing of one: a warning of check and of the run. */
  checksNothing?: string;
}

/**
 * A step: its keyword and text, and from the list item it is written in, its line, its number
 * in a numbered list, its inline code spans, the doc string or data table passed to its
 * definition last, and the lines of more arguments (a step takes one, so they are an error).
 */
export interface ScenarioStep extends Pick<ListItem, 'line' | 'number' | 'code' | 'argument' | 'moreArguments'> {
  /** "WHEN", "THEN", "AND", "GIVEN", or "Then" for an item of a numbered "Then:" list. */
  keyword: string;
  text: string;
}

/** A paragraph or list item of a document outside its scenarios: its text, line and inline code spans. */
export interface ProseLine {
  text: string;
  line: number;
  code?: readonly string[];
  /** Set where the line is a row of a glossary table (| Term | Meaning |): the term the row defines, as written; TEXT is its meaning. */
  term?: string;
}

/** A document of a specification tree as the executor interpreter reads its nouns: its prose outside scenarios, and its scenarios' steps. */
export interface TreeDocument {
  file: string;
  prose: readonly ProseLine[];
  steps: readonly ProseLine[];
}

/** An OpenSpec `#### Scenario:` with its configuration blocks and its steps. */
export interface ScenarioUnit extends UnitBase {
  kind: 'scenario';
  requirement: string;
  /** The paragraph before the first block or list ("When timeout is specified on a command:"). */
  condition: string | null;
  /** The condition's inline code spans. */
  conditionCode?: string[];
  /**
   * Paragraphs labelled as pre-conditions ("Pre-condition: the project holds `a.txt`") standing
   * before a condition paragraph that opens with When or Given: the state the run starts from.
   */
  preconditions?: ProseLine[];
  configs: CodeRef[];
  steps: ScenarioStep[];
  /** The line of an earlier scenario of its requirement with its name: reports tell them apart only by a " (2)", so check and the run warn. */
  sameNameAt?: number;
  /** The line of an earlier row of its outline's Examples with the same cells: the row runs the same case again, so check and the run warn (not of its name). */
  sameRowAt?: number;
  /**
   * The document's prose outside scenarios (its Purpose, requirement statements, other paragraphs
   * and list items), in order, the same for every scenario of the document: where a writer says
   * what their own nouns for the things of a run name (interpreter/document-terms.ts).
   */
  prose?: ProseLine[];
  /**
   * The documents of its specification tree (itself among them), their prose and steps, where the
   * executor vocabulary reads it: a tree specifies one system, so a noun one document pins names the
   * same thing in the others (cli/tree-prose.ts, interpreter/document-terms.ts).
   */
  tree?: readonly TreeDocument[];
  /**
   * An error of the document that refuses the scenario as written (an uneven row of a step's data
   * table, or of the Examples table its row is of), as Gherkin refuses a table of uneven rows: the
   * run fails it at that line and runs none of its steps, so it never passes on a table read wrong.
   */
  refused?: { line: number; reason: string };
}

export type Unit = LispBlockUnit | FiveamTestUnit | VerifyFunctionUnit | JsonInputUnit | ScenarioUnit;
export type UnitKind = Unit['kind'];

/** A block that is listed but not run, and why. */
export interface NotRunBlock {
  block: CodeBlock;
  reason: string;
  /** For a Lisp block that cannot be read: the reader's problem, with its line. */
  readError?: string;
}

export type DocumentFamily = 'lisp' | 'openspec' | 'unknown';

export interface DocumentPlan {
  file: string;
  /** Frontmatter name, else the title, else the file name. */
  name: string;
  family: DocumentFamily;
  metadata: Record<string, unknown>;
  /** Set when the document has frontmatter that could not be read: its metadata is unknown, not empty. */
  metadataUnreadable?: true;
  /**
   * The document's own top-level forms (by first and last line) that call definitions borrowed
   * from its specification tree, directly or through its own definitions: each point made in one
   * says which, and where they are defined (cli/specification-tree.ts).
   */
  borrowedUses?: { from: number; to: number; names: BorrowedName[] }[];
  /**
   * Set when the document takes no definition from its tree (frontmatter `borrow: false`, a run's
   * --no-borrow): what refused them, and the names it would have borrowed.
   */
  refusedBorrowing?: { by: string; names: (BorrowedName & { usedAt: number })[] };
  /** The Lisp definitions of the document, in document order: loaded before any unit runs, but those `loads` places otherwise. */
  definitions: CodeRef[];
  units: Unit[];
  notRun: NotRunBlock[];
  /** Problems of the document (from parsing or translating); each becomes a failing test point. */
  problems: Diagnostic[];
  /** What the document requires: OpenSpec requirements, frontmatter source/covers entries. */
  requirements?: Requirement[];
  /**
   * Functions holding checks that nothing in the document calls, by lower-cased name:
   * translate made each a unit (no arguments) or an error (arguments). Another document
   * of the specification tree that calls one undoes that (cli/specification-tree.ts).
   */
  uncalledCheckFunctions?: { name: string; line: number }[];
  /**
   * Functions holding checks that the document's code calls, so no unit of their own: whether
   * they ran is known only at run time (a call in a loop over nothing, a branch not taken, never
   * runs them). One whose checks made no point by the end of the document's units runs then as
   * a unit of its own, or, needing arguments, reports its checks not run (run/lisp/index.ts).
   */
  calledCheckFunctions?: CalledCheckFunction[];
  /** Set when the built-in executor steps apply to this document's scenarios, with why (see run/scenario/executor-steps.ts). */
  executorSteps?: { reason: string };
  /**
   * The FiveAM tests a Lisp document defines, as it writes their names, each a unit before
   * a selection narrows them: a test its code defines when it runs that is none of these
   * would never run, and fails there.
   */
  plannedTests?: string[];
  /** The ids of the units that run only because they come before a selected one in its Lisp environment (see withUnitsBefore): their checks are no check of the selection's. */
  unitsBefore?: string[];
  /** Under --change, the change's delta spec applied to this capability's spec: a FILE:LINE of it selects among this plan's units, even where it has none of its own. */
  appliedDelta?: string;
  /**
   * A change's delta spec (changes/<change>/specs/<capability>/spec.md) as OpenSpec reads it:
   * its RENAMED pairs in the order written, which OpenSpec applies in turn, and what keeps
   * OpenSpec from archiving it as written, whatever the capability's spec (see deltaProblems).
   */
  openspecDelta?: { renames: Rename[]; problems: Diagnostic[] };
  /** A capability's spec or a change's delta spec as OpenSpec's archive reads it (translate/openspec-archive.ts). */
  openspecArchive?: ArchiveReading;
  /**
   * Of a document of an OpenSpec tree, each requirement's block as OpenSpec's archive cuts it
   * (requirementBlocks), by name: an ADDED requirement whose block the spec holds as written
   * is already synced.
   */
  requirementBlocks?: Record<string, string>;
  /** What a run says of the document without failing it (a change already synced, two changes meeting): on stderr, as GitHub warnings, as JUnit properties. */
  warnings?: Diagnostic[];
}

/** A requirement block as OpenSpec's archive reads it. */
export interface ArchivedRequirement {
  name: string;
  /** The line of its heading. */
  line: number;
  /** The names of its level-4 headings (archivedScenarioName), in order, repeats kept. */
  scenarios: string[];
}

/** A requirement spec-run reads in a capability's spec and OpenSpec's archive does not, and why not. */
export interface UnreadRequirement {
  name: string;
  line: number;
  why: string;
}

/** What OpenSpec's archive reads of a capability's spec or a change's delta spec. */
export interface ArchiveReading {
  requirements: ArchivedRequirement[];
  /** Of a capability's spec only. */
  unread: UnreadRequirement[];
}

/** A name another document of the specification tree defines, and where: a definition this document borrows, or would. */
export interface BorrowedName {
  name: string;
  file: string;
  line: number;
}

export interface TestPlan {
  documents: DocumentPlan[];
}

/** A document of properties (frontmatter `level: property` or `type: property`, any case): `--runs` repeats its FiveAM tests. */
export function isPropertyDocument(document: Pick<DocumentPlan, 'metadata'>): boolean {
  return [document.metadata.level, document.metadata.type].some((value) => typeof value === 'string' && value.trim().toLowerCase() === 'property');
}

/** A unit's name as reports show it: a scenario's with its requirement's. */
export function reportedName(unit: Unit): string {
  return unit.kind === 'scenario' && unit.requirement !== '' ? `${unit.requirement} / ${unit.name}` : unit.name;
}

/**
 * A document's frontmatter `timeout`, the time limit of each of its units: seconds (30),
 * or a duration with its unit ("30s", "5m"); absent, the run's. A value of another form
 * is a problem, said as a run and check say it.
 */
export function frontmatterTimeout(value: unknown): { ms?: number; problem?: string } {
  if (value === undefined || value === null) return {};
  const parsed = parseDuration(typeof value === 'number' ? `${value}s` : value, { unitless: 's' });
  if (parsed.ok && parsed.ms > 0) return { ms: parsed.ms };
  return { problem: `frontmatter 'timeout' must be a positive duration such as 30, 30s or 5m, got ${frontmatterValueText(value)}${parsed.ok ? '' : ` (${parsed.reason})`}` };
}

/** The most retries of a failing unit (--retries, `retries:`): past it, a unit that always fails would rerun for hours. */
export const MAX_RETRIES = 100;

/** Why a document's frontmatter `retries` is not a count of reruns (an integer from 0 to MAX_RETRIES), or null when it is or is absent. */
export function retriesProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return `frontmatter 'retries' must be a non-negative integer, got ${frontmatterValueText(value)}`;
  return value > MAX_RETRIES ? `frontmatter 'retries' must be at most ${MAX_RETRIES} (each retry runs a failing unit again), got ${frontmatterValueText(value)}` : null;
}

/** A frontmatter value as YAML writes it, for messages: `.inf` and `.nan` as such, not as JSON's null. */
function frontmatterValueText(value: unknown): string {
  if (typeof value !== 'number' || Number.isFinite(value)) return JSON.stringify(value);
  return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
}

/** Said at an undefined step the built-in executor steps, not active, would bind (WHICH: "it", "them all"): in check and in the run. */
export const executorStepsWouldBind = (which: string) => `the built-in executor steps would bind ${which}: --executor-steps (or the configuration's executorSteps) enables them`;
