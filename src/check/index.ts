// `spec-run check`: finds what would go wrong in a document without running it:
// input problems, frontmatter fields, Lisp reader errors, calls to names that
// neither the document nor the vocabulary defines, tools the runtime does not
// list, OpenSpec structure, and scenario steps no definition matches.
import { executorStepsWouldBind } from '../model/plan.js';
import { isAbsolute, relative } from 'node:path';
import type { SpecDocument } from '../model/document.js';
import { frontmatterTimeout, retriesProblem, type CodeRef, type DocumentPlan, type ScenarioStep, type ScenarioUnit, type Unit } from '../model/plan.js';
import { stepKeyword } from '../translate/step-keyword.js';
import { deltaOf, describeProseFile, isArchivedChange, openspecProseFile } from '../translate/openspec-layout.js';
import { sameNameWarning } from '../translate/openspec-family.js';
import { requirementName } from '../translate/openspec-archive.js';
import { mistypedSetting, runSetting } from '../translate/frontmatter-values.js';
import { isLispDocumentType, LISP_DOCUMENT_TYPES, OUTLINE_HEADING, REQUIREMENT_HEADING, SCENARIO_HEADING } from '../translate/family.js';
import { DEFINES_READER_MACROS, scanForms, unqualified, type LispForm, type LispNode } from '../translate/lisp-forms.js';
import { pushedFeatures, sbclHasFeature } from '../translate/lisp-features.js';
import { enteredPackage, packageName } from '../translate/tree-definitions.js';
import { isVerifyName, loadsCode } from '../translate/lisp-definitions.js';
import { unitsHoldingNoCheck } from '../translate/unit-code.js';
import { codeFacts, macroPatterns, type CallSite } from './lisp-calls.js';
import type { NameUse, UnknownName } from './known-functions.js';
import { checkLikeBlocks } from '../translate/unknown-family.js';
import { definedElsewhereNote, unreadableDefinitionNote, type DefinitionIndex } from '../translate/definition-index.js';
import { LISP_LANGUAGES } from '../translate/rules/lisp-code.js';
import { readYaml, yamlFault } from '../parse/yaml-error.js';
import { jsonError } from '../parse/json-error.js';
import { jsonProblems, type ToolCallChecker } from '../translate/json-input.js';
import { configurationBlock, configurationMistakes, refusedValues, statesRefusal } from '../translate/refused-block.js';

export interface CheckMessage {
  file: string;
  line: number;
  column: number;
  /** A note says what spec-run will do, not what is wrong (a definition borrowed from the tree). */
  severity: 'error' | 'warning' | 'note';
  message: string;
}

export interface UndefinedStep {
  snippet: string;
  /** Why the executor interpreter did not read the step; null where it is not active. */
  unread: string | null;
  /** A steps file the document loads did not load: the step may be defined there (its place and error). */
  unloaded?: string;
  /** The built-in executor steps, not active for the document, would bind it. */
  executorStepsWouldBind?: true;
}

/** What binds a step the built-in executor steps define where they are not active. */

export interface CheckContext {
  /** Names of the tools the runtime lists; null when they are not known (a configured server that could not be asked): not checked. */
  tools: string[] | null;
  /**
   * Of the called names, those unknown where spec code runs, with why and, for an undefined one, what to suggest;
   * and of the CHARACTERS written (`#\name`), those SBCL's reader refuses, with its error (see known-functions.ts).
   */
  unknownOperators: (uses: NameUse[], characters: string[]) => Promise<Map<string, UnknownName>>;
  /**
   * For a step no definition matches in its scenario UNIT (its other steps and its condition
   * paragraph count, as in a run): a snippet of the definition to write (Given, When or Then as
   * KEYWORD says), and why the executor interpreter did not read it where it is active; null
   * when it matches.
   */
  undefinedStep: (step: ScenarioStep, keyword: string, unit: ScenarioUnit) => UndefinedStep | null;
  /** False when no step definition at all applies to the document (no steps file, no built-in steps): its steps are not written yet. */
  stepsLoaded?: boolean;
  /** Whether a run fails on an undefined step (the default, --strict) or leaves it TODO (--no-strict, `strict: false`): what fails a run is an error of check, what it leaves TODO a warning. */
  strict?: boolean;
  /** For a step that cannot run as bound (its one definition takes no parameter for its doc string or data table, or it would check a world its scenario does not run in): why it fails; null otherwise. */
  unrunnableStep?: (step: ScenarioStep, keyword: string, unit: ScenarioUnit) => string | null;
  /** For a step bound by an unanchored regular expression that leaves some of its words unmatched: why those are undefined words; null otherwise. */
  unmatchedWords?: (step: ScenarioStep, keyword: string, unit: ScenarioUnit) => string | null;
  /** For a Then whose one definition has a body that cannot fail: why it checks nothing, what that body does, and where that definition is; null otherwise. */
  thenCheckingNothing?: (step: ScenarioStep, keyword: string, unit: ScenarioUnit) => { reason: string; body: string; definition: { file: string; line: number } } | null;
  /** For a step two or more definitions match: each as "file:line expression"; null otherwise. */
  ambiguousStep?: (step: ScenarioStep, keyword: string, unit: ScenarioUnit) => string[] | null;
  /** Why a scenario checks nothing (no THEN states what must hold), as its run says; null when it may check something. */
  checksNothing?: (unit: ScenarioUnit) => { reason: string; setupsOnly: boolean } | null;
  /** The JSON and YAML blocks of the scenario no step can read (unread-blocks.ts), each with why: a run fails them. */
  unreadBlocks?: (unit: ScenarioUnit) => { line: number; reason: string }[];
  /** Whether a When of the scenario runs its configuration (one the executor interpreter reads as setup), which fails where the executor refuses it. */
  runsConfiguration?: (unit: ScenarioUnit) => boolean;
  /** Where the other documents checked with this one define their functions. */
  definitions?: DefinitionIndex;
  /** What a run finds wrong with a tools/call request (an **Input** block no Expected block answers); absent when the runtime's tools are not known. */
  toolCalls?: ToolCallChecker;
}

export function formatMessage(m: CheckMessage): string {
  return `${m.file}:${m.line}:${m.column}: ${m.severity}: ${m.message}`;
}

// `retries` (run/retries.ts), `exclude` (translate/requirements.ts) and `timing-sensitive` (run/timing-sensitive.ts) are read by the run too.
export const FRONTMATTER_FIELDS = new Set(['type', 'name', 'source', 'level', 'tags', 'covers', 'feature', 'version', 'description', 'title', 'status', 'author', 'owner', 'id', 'retries', 'timeout', 'exclude', 'timing-sensitive', 'borrow']);

/** `family`: the plan's; a document of no family with blocks to run has its problem naming a wrong `type` already. */
export function checkFrontmatter(doc: SpecDocument, family?: DocumentPlan['family']): CheckMessage[] {
  if (doc.metadataSource !== 'frontmatter') return [];
  /** A message at KEY's line (the frontmatter's first line for a key it lacks). */
  const at = (key: string, message: string, severity: CheckMessage['severity'] = 'error'): CheckMessage => ({ file: doc.path, line: doc.metadataLines?.[key] ?? 1, column: 1, severity, message });
  const messages: CheckMessage[] = [];
  const meta = doc.metadata;
  for (const key of Object.keys(meta)) {
    // A Lisp document's 'runtime' is an error of its own (translate/lisp-family.ts).
    // A key mistyped for a setting, or a setting of the whole run, is an error of the plan's (frontmatter-values.ts).
    if (FRONTMATTER_FIELDS.has(key) || (key === 'runtime' && family === 'lisp') || (mistypedSetting(key) && meta[mistypedSetting(key)!] === undefined) || runSetting(key)) continue;
    messages.push(at(key, `unknown frontmatter field '${key}' (known: ${[...FRONTMATTER_FIELDS].join(', ')})`, 'warning'));
  }
  if (meta.type !== undefined && !isLispDocumentType(meta.type) && !(family === 'unknown' && checkLikeBlocks(doc).length > 0)) messages.push(at('type', `frontmatter 'type' is '${String(meta.type)}'; expected one of ${LISP_DOCUMENT_TYPES.join(', ')}`));
  // A name of the wrong type is said by the plan's problems (frontmatter-values.ts), as the other values of the wrong shape.
  if (meta.type !== undefined && (meta.name === undefined || (typeof meta.name === 'string' && meta.name.trim() === ''))) messages.push(at('name', `frontmatter 'name' is missing; reports name the document by it`, 'warning'));
  // As a run reads it: a bad value fails the run, so check says so first.
  const retries = retriesProblem(meta.retries);
  if (retries) messages.push(at('retries', retries));
  const timeout = frontmatterTimeout(meta.timeout).problem;
  if (timeout) messages.push(at('timeout', timeout));
  return messages.sort((a, b) => a.line - b.line);
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1;
}

function lispCode(plan: DocumentPlan): CodeRef[] {
  // The definitions of a block that runs code are in its unit's code.
  const code = plan.definitions.filter((ref) => ref.loads?.at !== 'with-unit');
  for (const unit of plan.units) if (unit.kind === 'lisp-block') code.push(unit.code);
  return code.sort((a, b) => a.line - b.line);
}

export interface ToolNameSite {
  name: string;
  line: number;
  offset: number;
  /** The vocabulary function whose call asks for the tool, where the tool is not written in the call. */
  via?: string;
}

/** Said at a Then definition whose body cannot fail (stated-outcome.ts's thenCheckingNothing), in the steps file; BODY says what it does instead. */
export const thenDefinitionChecksNothing = (body: string): string =>
  `this Then definition has a body that cannot fail (it ${body}): it checks nothing, so a run skips the verdict of each step it runs and their requirements are not verified; write the check in it (an assertion that throws when the step does not hold, and that nothing catches)`;

/**
 * Where each vocabulary call that names a tool may have the name: (send-tool-call s "name" ...),
 * (call-tool "name" args s) or (call-tool s "name" args), (make-tool-call-request "name" ...).
 */
const TOOL_NAME_ARGUMENT = new Map([
  ['send-tool-call', [2]],
  ['call-tool', [1, 2]],
  ['make-tool-call-request', [1]],
  ['make-tools-call-request', [1]],
]);

/** The vocabulary's senders, each named after (or built on) the one tool its calls ask the runtime for (run/lisp/vocabulary.lisp). */
const TOOL_OF_SENDER = new Map([
  ['evaluate-lisp', 'evaluate-lisp'],
  ['evaluate-in-session', 'evaluate-lisp'],
  ['make-evaluate-lisp-request', 'evaluate-lisp'],
  ['configure-limits', 'configure-limits'],
  ['make-configure-limits-request', 'configure-limits'],
  ['time-execution', 'time-execution'],
  ['make-time-execution-request', 'time-execution'],
]);

/** The tools NODE's calls ask for: string literals of the calls of TOOL_NAME_ARGUMENT, and the tool of each sender of TOOL_OF_SENDER. */
function toolNameSites(node: LispNode, sites: ToolNameSite[]): void {
  if (node.kind === 'prefixed' || node.kind === 'conditional') return toolNameSites(node.form, sites);
  if (node.kind !== 'list') return;
  const first = node.items[0];
  const head = first?.kind === 'symbol' ? first.name.replace(/^.*:/, '') : null;
  const positions = head === null ? undefined : TOOL_NAME_ARGUMENT.get(head);
  const argument = positions?.map((position) => node.items[position]).find((item) => item?.kind === 'string');
  if (argument?.kind === 'string') sites.push({ name: argument.value, line: argument.line, offset: argument.start });
  const sent = head === null ? undefined : TOOL_OF_SENDER.get(head);
  if (sent !== undefined && first?.kind === 'symbol') sites.push({ name: sent, line: first.line, offset: first.start, via: head! });
  for (const item of node.items) toolNameSites(item, sites);
}

/** The tools a Lisp document's own code asks the runtime for, each at its place (in the file it is written in). */
export function toolsCalled(plan: DocumentPlan): { file: string; text: string; site: ToolNameSite }[] {
  return lispCode(plan)
    .filter((ref) => !ref.borrowed)
    .flatMap((ref) => {
      const sites: ToolNameSite[] = [];
      for (const form of scanForms(ref.text, ref.line).forms) toolNameSites(form.node, sites);
      return sites.map((site) => ({ file: ref.file, text: ref.text, site }));
    });
}

/** Says that the runtime does not list the tool SITE asks for, naming the vocabulary function that asks for it. */
export const unlistedToolMessage = (site: ToolNameSite, listed: string[]) =>
  `tool '${site.name}'${site.via && site.via !== site.name ? ` (which ${site.via} calls)` : ''} is not listed by the runtime (it lists ${listed.join(', ') || 'none'})`;

/** "; did you mean 'a'?", "; did you mean 'a', 'b' or 'c'?"; nothing without suggestions. */
function didYouMean(names: string[]): string {
  if (names.length === 0) return '';
  const quoted = names.map((name) => `'${name}'`);
  return `; did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}

export async function checkLisp(plan: DocumentPlan, context: CheckContext): Promise<CheckMessage[]> {
  const messages: CheckMessage[] = [];
  const code = lispCode(plan);
  const scans = code.map((ref) => ({ ref, scan: scanForms(ref.text, ref.line) }));
  const defined = new Set<string>();
  const calls: { ref: CodeRef; site: CallSite }[] = [];
  // A macro defined in one block shapes its calls in every block: definitions load first.
  const macros = macroPatterns(scans.flatMap(({ scan }) => scan.forms.map((f) => f.node)));
  for (const { ref, scan } of scans) {
    const facts = codeFacts(scan.forms.map((f) => f.node), macros);
    for (const name of facts.defines) defined.add(name);
    // A definition borrowed from the tree defines its names here; its own calls are checked in its document.
    if (ref.borrowed) {
      const what = ref.borrowed.names.join(', ');
      messages.push({ file: plan.file, line: ref.borrowed.usedAt, column: 1, severity: 'note', message: `${what} ${ref.borrowed.names.length > 1 ? 'are' : 'is'} borrowed from ${ref.file}:${ref.line}, a document of the same specification tree` });
      continue;
    }
    for (const site of facts.calls) calls.push({ ref, site });
  }
  for (const refused of plan.refusedBorrowing?.names ?? []) {
    messages.push({ file: plan.file, line: refused.usedAt, column: 1, severity: 'note', message: `${refused.name} is defined only in another document (${refused.file}:${refused.line}), which this document does not borrow from (${plan.refusedBorrowing!.by}): the run finds it undefined unless code this document loads defines it` });
  }
  for (const { file, text, site } of toolsCalled(plan)) {
    if (context.tools && !context.tools.includes(site.name)) messages.push({ file, line: site.line, column: columnOf(text, site.offset), severity: 'error', message: unlistedToolMessage(site, context.tools) });
  }
  messages.push(...checklessUnits(plan));
  for (const unit of plan.units) {
    if (unit.kind === 'verify-function' && !isVerifyName(unit.functionName)) {
      messages.push({ file: unit.file, line: unit.line, column: 1, severity: 'note', message: `${unit.functionName} holds checks and nothing in this document or its specification tree calls it: it runs as a unit of its own, as a verify-... function does` });
    }
  }
  // A bare name is read in the package its form is read in, following in-package in document order, as the run reads them.
  const reading = readingPackages(scans.filter(({ ref }) => !ref.borrowed));
  const own = documentPackages(scans.flatMap(({ scan }) => scan.forms));
  /** What a call is asked as: a qualified name as written; a bare one read in CL-USER as itself; one read in a package the document defines as read in each package that one uses. */
  const askedAs = (ref: CodeRef, site: CallSite): { names: string[]; readIn?: string } => {
    const readIn = site.name.includes(':') ? 'common-lisp-user' : (reading.get(ref)?.(site.offset) ?? 'common-lisp-user');
    if (readIn === 'common-lisp-user') return { names: [site.name], readIn };
    const used = own.get(readIn);
    // A package of the vocabulary or of the image, whose use list check does not read: the name is asked as CL-USER reads it, leniently.
    return used === undefined ? { names: [site.name] } : { names: used.map((home) => `${home}:${site.name}`), readIn };
  };
  const uses = new Map<string, { argumentCounts: number[]; readIn?: string }>();
  for (const { ref, site } of calls) {
    if (defined.has(site.name.replace(/^.*:/, ''))) continue;
    const asked = askedAs(ref, site);
    for (const name of asked.names) {
      const use = uses.get(name) ?? uses.set(name, { argumentCounts: [], ...(asked.readIn === 'common-lisp-user' ? { readIn: asked.readIn } : {}) }).get(name)!;
      if (site.argumentCount !== undefined) use.argumentCounts.push(site.argumentCount);
    }
  }
  const characters = writtenCharacters(scans.filter(({ ref }) => !ref.borrowed));
  const unknown = await context.unknownOperators(
    [...uses].map(([name, use]) => ({ name, ...use })),
    [...new Set(characters.map(({ node }) => node.raw))],
  );
  for (const { ref, node } of characters) {
    const refused = unknown.get(node.raw);
    if (refused) messages.push({ file: ref.file, line: node.line, column: columnOf(ref.text, node.start), severity: 'error', message: `Lisp code cannot be read: SBCL's reader refuses ${node.raw} (${refused.why}), so the run fails reading this block` });
  }
  // Code the document loads as it runs (a system by ASDF, a file by load) may define what check, which does not load it, cannot find.
  const loaders = calls.filter(({ site }) => loadsCode(site.name));
  for (const { ref, site } of calls) {
    const asked = askedAs(ref, site);
    if (asked.readIn !== undefined && asked.readIn !== 'common-lisp-user') {
      // Read in a package of the document's: unknown when no package it uses defines it (one check cannot read, "no package", may).
      const answers = asked.names.map((name) => unknown.get(name));
      if (defined.has(site.name) || answers.some((answer) => answer === undefined || answer.why !== 'undefined')) continue;
      messages.push({ file: ref.file, line: site.line, column: columnOf(ref.text, site.offset), severity: loaders.length > 0 ? 'warning' : 'error', message: inOwnPackageMessage(site.name, asked.readIn, own.get(asked.readIn)!) });
      continue;
    }
    const reason = unknown.get(site.name);
    if (!reason) continue;
    // A function is looked up as it is called, whenever code loads; a package-qualified name is read where it stands, after the loads above it only.
    const loader = reason.why === 'undefined' ? loaders[0] : loaders.find((above) => above.ref.file === ref.file && above.site.line < site.line);
    const loaded = loader ? `this document loads code as it runs (${loader.site.name} at ${loader.ref.file}:${loader.site.line}), which check does not load: if that code defines it, the run finds it` : '';
    const elsewhere = unreadableDefinitionNote(plan, site.name) ?? definedElsewhereNote(context.definitions, site.name, ref.file);
    const undefinedName = reason.why === 'undefined';
    // The same name of another package, the vocabulary's: the code must write its package.
    const qualified = reason.suggestions.find((name) => name.includes(':') && unqualified(name) === site.name);
    const message = qualified
      ? `'${site.name}' is called in CL-USER, but the vocabulary defines it in package ${qualified.slice(0, qualified.indexOf(':')).toUpperCase()}, which CL-USER does not use: write '${qualified}'`
      : undefinedName
      ? `'${site.name}' is called but neither this document nor the test vocabulary defines it${elsewhere ? `; ${elsewhere}` : ''}${loaded ? `; ${loaded}` : ''}${didYouMean(reason.suggestions)}`
      : `'${site.name}': ${reason.why}${loaded ? ` before the run; ${loaded}` : ''}`;
    // Where loaded code may define it, check cannot know: a package it names is surely that code's (a note), a bare name may be a slip (a warning); never an error the run would not make.
    const severity = !loaded ? 'error' : undefinedName ? 'warning' : 'note';
    messages.push({ file: ref.file, line: site.line, column: columnOf(ref.text, site.offset), severity, message });
  }
  return messages;
}

/**
 * The characters (`#\name`) the blocks of SCANS write where SBCL reads them: not in a form a
 * reader conditional leaves out, or may (its feature not known here), which SBCL reads with
 * *read-suppress* and no name checked; none in a document that defines reader macros of its own.
 */
function writtenCharacters(scans: { ref: CodeRef; scan: { forms: LispForm[] } }[]): { ref: CodeRef; node: Extract<LispNode, { kind: 'char' }> }[] {
  if (scans.some(({ ref }) => DEFINES_READER_MACROS.test(ref.text))) return [];
  const pushed = pushedFeatures(scans.flatMap(({ scan }) => scan.forms.map((form) => form.node)));
  const found: { ref: CodeRef; node: Extract<LispNode, { kind: 'char' }> }[] = [];
  const visit = (ref: CodeRef, node: LispNode): void => {
    if (node.kind === 'char') found.push({ ref, node });
    else if (node.kind === 'list') for (const item of node.items) visit(ref, item);
    else if (node.kind === 'prefixed') visit(ref, node.form);
    else if (node.kind === 'conditional' && sbclHasFeature(node.feature, pushed) === (node.prefix === '#+')) visit(ref, node.form);
  };
  for (const { ref, scan } of scans) for (const form of scan.forms) visit(ref, form.node);
  return found;
}

/** For each block of SCANS (in document order), the package a form starting at an offset of its text is read in: CL-USER until an in-package enters another. */
function readingPackages(scans: { ref: CodeRef; scan: { forms: LispForm[] } }[]): Map<CodeRef, (offset: number) => string> {
  const byBlock = new Map<CodeRef, (offset: number) => string>();
  let current = 'common-lisp-user';
  for (const { ref, scan } of scans) {
    const starts: { end: number; package: string }[] = [];
    const first = current;
    for (const form of scan.forms) {
      starts.push({ end: form.end, package: current });
      const entered = enteredPackage(form.node);
      if (entered !== null) current = fullPackageName(entered);
    }
    byBlock.set(ref, (offset) => starts.find((form) => offset < form.end)?.package ?? first);
  }
  return byBlock;
}

/** A package name as check asks SBCL of it: CL-USER by its full name. */
const fullPackageName = (name: string) => (packageName(name) === 'cl-user' ? 'common-lisp-user' : name);

/** The packages FORMS define (`defpackage`), each with the packages it uses (none when it names none, as in SBCL). */
function documentPackages(forms: LispForm[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const named = (node: LispNode | undefined) => (node?.kind === 'symbol' ? node.name.replace(/^#?:/, '') : node?.kind === 'string' ? node.value.toLowerCase() : null);
  for (const { node, head } of forms) {
    if (node.kind !== 'list' || (head !== null && unqualified(head)) !== 'defpackage') continue;
    const name = named(node.items[1]);
    if (name === null) continue;
    const used = node.items.slice(2).flatMap((option) => (option.kind === 'list' && named(option.items[0]) === 'use' ? option.items.slice(1).map(named).filter((u) => u !== null) : []));
    packages.set(fullPackageName(name), used.map(fullPackageName));
  }
  return packages;
}

/** Said of NAME, called bare in the document's package PACKAGE_, which uses USED, where none of them defines it. */
function inOwnPackageMessage(name: string, package_: string, used: string[]): string {
  const uses = used.length === 0 ? 'uses no package' : `uses only ${used.map((u) => u.toUpperCase()).join(', ')}`;
  return `'${name}' is called in package ${package_.toUpperCase()}, which this document enters with in-package and which ${uses}: neither this document nor ${used.length === 1 ? 'that package' : 'those packages'} defines it, so the run finds no function there; write its package (the run's error names it), or add that package to ${package_.toUpperCase()}'s :use`;
}

/**
 * Warnings of units that check nothing, as a run treats them: a test holding no check is
 * skipped, verifying nothing; a block holding none only runs (`runs without error`), which
 * sets up for the checks of the others, but where no unit of the document holds one, the
 * document verifies nothing; a block answering an Input is the check of its answer, so one
 * holding none leaves the answer unchecked wherever it stands.
 */
function checklessUnits(plan: DocumentPlan): CheckMessage[] {
  const checkless = unitsHoldingNoCheck(plan);
  const at = (unit: Unit, message: string): CheckMessage => ({ file: unit.file, line: unit.line, column: 1, severity: 'warning', message });
  const tests = checkless.filter((unit) => unit.kind === 'fiveam-test');
  const messages = tests.map((unit) => at(unit, `test ${unit.name} holds no check (is, signals, finishes...): a run skips it as verifying nothing, so its requirement is not verified`));
  for (const unit of checkless)
    if (unit.kind === 'lisp-block' && unit.input)
      messages.push(at(unit, `this block answers the Input at line ${unit.input.line} but holds no check (assert, is...): a run passes it as "runs without error", which verifies nothing of the answer, so its requirement is not verified; check the answer, such as (assert (result-success-p (send-request *server* input)))`));
  const blocks = checkless.filter((unit) => unit.kind === 'lisp-block');
  if (blocks.length > 0 && checkless.length === plan.units.length) {
    messages.push(at(blocks[0], `no unit of this document holds a check (assert, is...): its blocks only run ("runs without error"), which verifies nothing, so it verifies no requirement, and a run of it alone fails as checking nothing`));
  }
  return messages;
}

/**
 * What a run says of each **Input** block (run/lisp), said by check at its place: a block that
 * does not parse at the error's line and column, the rest at the block's line. A request an
 * Expected block answers, or a block paired with another, is only read as a JSON object, as the
 * run reads it: it may be wrong on purpose, and the answer is the check. An Expected JSON that
 * states nothing of the answer is a warning, as in the run.
 */
export function checkJsonInputs(plan: DocumentPlan, context: CheckContext): CheckMessage[] {
  const messages: CheckMessage[] = [];
  for (const unit of plan.units) {
    if (unit.kind !== 'json-input') continue;
    // An Expected of plain text is compared as text: no JSON to read.
    const blocks = [{ code: unit.code, what: 'the JSON' }, ...(unit.expected?.form === 'json' ? [{ code: unit.expected, what: 'the Expected JSON' }] : [])];
    if (unit.expected?.checksNothing) messages.push({ file: unit.expected.file, line: unit.expected.line, column: 1, severity: 'warning', message: unit.expected.checksNothing });
    let parsed = true;
    for (const { code, what } of blocks) {
      const broken = jsonError(code.text, code);
      if (broken) messages.push({ file: code.file, line: broken.line, column: broken.column, severity: 'error', message: `${what} does not parse: ${broken.message}` });
      parsed &&= broken === null;
    }
    if (!parsed) continue;
    const request = unit.expected === undefined && unit.pairedWith === undefined;
    for (const { code, what } of blocks) {
      const problems = request && context.toolCalls ? context.toolCalls.problems(code) : [jsonProblems(code)].flatMap((found) => (Array.isArray(found) ? found : []));
      const kind = request && context.toolCalls ? 'a valid tools/call request' : 'a JSON object';
      for (const problem of problems) messages.push({ file: code.file, line: code.line, column: 1, severity: 'error', message: `${what} is not ${kind}: ${problem}` });
    }
  }
  return messages;
}

/**
 * What keeps the run of scenario UNIT's configuration (a step the executor interpreter reads
 * runs it) from being the run it states, known before the run: its block not valid YAML, a
 * second configuration block or a slip of `stop:`, each value the executor refuses where no
 * THEN expects the refusal. The run fails the step that runs it on each; `check` and `--list` say them.
 */
export function configurationProblems(unit: ScenarioUnit): CheckMessage[] {
  const at = (line: number, column: number, message: string): CheckMessage => ({ file: unit.file, line, column, severity: 'error', message });
  const problems = configurationMistakes(unit).map((mistake) => at(mistake.line, 1, `${mistake.message}; a run fails the step that runs it`));
  const configuration = configurationBlock(unit);
  if (!configuration) return problems;
  const invalid = readYaml(configuration.text, configuration, { uniqueKeys: false }).error;
  if (invalid) return [...problems, at(invalid.line, invalid.column, `the YAML block of scenario '${unit.name}' ${yamlFault(invalid)}; as the scenario's configuration it sets up nothing: the executor interpreter runs no command of it, and a run fails the step that runs it`)];
  // A value the executor refuses fails the step that runs it where no Then expects the refusal, as a scenario about validation does.
  if (statesRefusal(unit)) return problems;
  return [...problems, ...refusedValues(configuration).map((refused) => at(refused.line, refused.column, `the executor refuses the configuration of scenario '${unit.name}': ${refused.message}; a run fails the step that runs it, its When or else its first THEN that runs the command (no THEN of the scenario says the configuration is refused)`))];
}

/** Each Requirement has a Scenario and states what it requires with SHALL or MUST. */
export function checkOpenspec(doc: SpecDocument, plan: DocumentPlan, context: CheckContext): CheckMessage[] {
  const messages: CheckMessage[] = [];
  const sections = doc.sections;
  // A requirement of a capability's spec OpenSpec does not read runs here, but no change can modify, remove or rename it (deltaProblems).
  for (const unread of plan.openspecArchive?.unread ?? []) {
    messages.push({ file: doc.path, line: unread.line, column: 1, severity: 'warning', message: `requirement '${unread.name}' is not read by OpenSpec, whose validate, show and archive do not see it, so no change can modify, remove or rename it: ${unread.why}` });
  }
  sections.forEach((section, i) => {
    if (!REQUIREMENT_HEADING.test(section.heading)) return;
    const requirement = requirementName(section);
    const at = (message: string, severity: CheckMessage['severity']): CheckMessage => ({ file: doc.path, line: section.line, column: 1, severity, message });
    // As OpenSpec validates a change: a REMOVED requirement needs only its name (and its Reason).
    if (deltaOf(sections, i) === 'removed') return;
    // Only a scenario one level below counts (OpenSpec's level 4 under level 3): another level is an error of its own (translate's).
    const inside = [];
    for (let j = i + 1; j < sections.length && sections[j].depth > section.depth; j++) inside.push(sections[j]);
    // A specification with no scenario at all says so once, at its first requirement (translate's problem).
    const saidOfAll = plan.units.length === 0 && plan.problems.some((p) => p.line === section.line && p.message.startsWith('no checks found'));
    // An active change's ADDED or MODIFIED requirement without one is refused with the delta (deltaProblems), as a run refuses it.
    const saidOfDelta = plan.openspecDelta !== undefined && !isArchivedChange(plan.file) && ['added', 'modified'].includes(plan.requirements?.find((r) => r.line === section.line)?.delta ?? '');
    if (!saidOfAll && !saidOfDelta && !inside.some((s) => s.depth === section.depth + 1 && (SCENARIO_HEADING.test(s.heading) || OUTLINE_HEADING.test(s.heading)))) messages.push(at(`requirement '${requirement}' has no '#### Scenario:'`, 'error'));
    // The statement may be a paragraph or bullets ("- The CLI SHALL ..."), as requirements' statements are read.
    const stated = plan.requirements?.find((r) => r.line === section.line)?.statements.length;
    if (!stated) {
      messages.push(at(`requirement '${requirement}' does not state what is required with SHALL or MUST`, 'warning'));
    }
  });
  // With no definition loaded at all, the steps are not written yet: one note, not an error per step.
  const unwritten: number[] = [];
  /** Of the undefined steps, the lines of those the built-in executor steps would bind. */
  const executorWouldBind: number[] = [];
  const strict = context.strict ?? true;
  /** What a run does with a step left undefined, as check says it: it fails (strict) or is TODO. */
  const notRun = strict ? { severity: 'error' as const, verdict: 'a run fails on it (strict, the default; --no-strict makes it TODO)', step: 'it fails the run, which is strict by default' } : { severity: 'warning' as const, verdict: 'a run leaves it TODO (--no-strict)', step: 'a run leaves it TODO, as --no-strict asks' };
  for (const unit of plan.units) {
    if (unit.kind !== 'scenario') continue;
    const sameName = sameNameWarning(unit);
    if (sameName) messages.push({ file: unit.file, line: unit.line, column: 1, severity: 'warning', message: sameName });
    if (unit.steps.length === 0) messages.push({ file: unit.file, line: unit.line, column: 1, severity: 'error', message: `scenario '${unit.name}' has no steps: no WHEN/THEN bullets or "Then:" list were read under its heading, so a run fails it (TODO with --no-strict)` });
    const unchecked = context.checksNothing?.(unit);
    if (unchecked) {
      const verdict = unchecked.setupsOnly ? 'a run fails it (TODO with --no-strict)' : "a run skips its verdict ('a scenario that checks nothing')";
      messages.push({ file: unit.file, line: unit.line, column: 1, severity: 'warning', message: `scenario '${unit.name}': ${unchecked.reason.replace(/^the scenario /, '')}; ${verdict}` });
    }
    const runsConfiguration = context.runsConfiguration?.(unit) === true;
    if (runsConfiguration) messages.push(...configurationProblems(unit));
    // A Lisp block in a scenario is data its steps may read (this.blocks), never evaluated by spec-run itself.
    for (const block of unit.configs) {
      if (block.lang !== null && LISP_LANGUAGES.has(block.lang)) messages.push({ file: unit.file, line: block.line, column: 1, severity: 'warning', message: `this ${block.lang} block is data for the steps of scenario '${unit.name}' (this.blocks): spec-run does not evaluate it; checks in Lisp belong in a Lisp verification document` });
      // The run reads it (this.blocks, the executor's configuration): a syntax error there leaves its steps only the error.
      // Where the executor reads the block, a repeated key is its loader's to judge (scenarios about validation write one on purpose).
      const invalid = /^ya?ml$/i.test(block.lang ?? '') && !(runsConfiguration && block === configurationBlock(unit)) ? readYaml(block.text, block, { uniqueKeys: !plan.executorSteps }).error : null;
      if (invalid) messages.push({ file: unit.file, line: invalid.line, column: invalid.column, severity: 'error', message: `the YAML block of scenario '${unit.name}' ${yamlFault(invalid)}; ${plan.executorSteps ? 'as the scenario\'s configuration it sets up nothing: the executor interpreter runs no command of it' : 'its steps get only this error instead of its data (this.blocks)'}` });
      if (/^json$/i.test(block.lang ?? '')) {
        const broken = jsonError(block.text, block);
        if (broken) messages.push({ file: unit.file, line: broken.line, column: broken.column, severity: 'warning', message: `the JSON block of scenario '${unit.name}' does not parse: ${broken.message}; its steps get only this error instead of its data (this.blocks)` });
      }
    }
    for (const unread of context.unreadBlocks?.(unit) ?? []) messages.push({ file: unit.file, line: unread.line, column: 1, severity: notRun.severity, message: `${unread.reason}; ${notRun.verdict}` });
    let keyword: string | null = null;
    for (const step of unit.steps) {
      keyword = stepKeyword(step.keyword, keyword);
      // A step with no text is the plan's problem (translate says it), not a definition to write.
      if (step.text.trim() === '') continue;
      const undefinedStep = context.undefinedStep(step, keyword, unit);
      if (undefinedStep?.executorStepsWouldBind) executorWouldBind.push(step.line);
      if (undefinedStep !== null && context.stepsLoaded === false) unwritten.push(step.line);
      else if (undefinedStep?.unloaded) messages.push({ file: unit.file, line: step.line, column: 1, severity: 'error', message: `step '${step.text}' has no definition loaded: ${undefinedStep.unloaded}` });
      else if (undefinedStep !== null) {
        const unread = undefinedStep.unread ? `; ${undefinedStep.unread}` : '';
        const executor = undefinedStep.executorStepsWouldBind ? `; ${executorStepsWouldBind('it')}` : '';
        messages.push({ file: unit.file, line: step.line, column: 1, severity: notRun.severity, message: `undefined step '${step.text}' (${notRun.step})${unread}${executor}; define it with:\n${undefinedStep.snippet}` });
      }
      const unrunnable = context.unrunnableStep?.(step, keyword, unit);
      if (unrunnable) messages.push({ file: unit.file, line: step.line, column: 1, severity: 'error', message: `step '${step.text}': ${unrunnable}` });
      const unmatched = context.unmatchedWords?.(step, keyword, unit);
      if (unmatched) messages.push({ file: unit.file, line: step.line, column: 1, severity: notRun.severity, message: `step '${step.text}': ${unmatched}; ${notRun.verdict}` });
      const unchecking = context.thenCheckingNothing?.(step, keyword, unit);
      if (unchecking) {
        messages.push({ file: unit.file, line: step.line, column: 1, severity: 'warning', message: `step '${step.text}' ${unchecking.reason.replace(/^the step /, '')}; a run skips its verdict` });
        // Said on the definition too (the editor shows it in the steps file), once whichever step uses it.
        const message = thenDefinitionChecksNothing(unchecking.body);
        const said = messages.some((m) => m.file === unchecking.definition.file && m.line === unchecking.definition.line && m.message === message);
        if (!said) messages.push({ ...unchecking.definition, column: 1, severity: 'warning', message });
      }
      const definitions = context.ambiguousStep?.(step, keyword, unit);
      if (definitions) messages.push({ file: unit.file, line: step.line, column: 1, severity: 'error', message: `ambiguous step '${step.text}': several definitions match it: ${definitions.join('; ')}` });
    }
  }
  if (unwritten.length > 0) {
    messages.push({
      file: doc.path,
      line: unwritten[0],
      column: 1,
      severity: notRun.severity,
      message: `${unwritten.length} step${unwritten.length > 1 ? 's have' : ' has'} no definition yet: no steps file was loaded (spec-run looks for steps.*, *.steps.* and steps/** in the project, and in the document's directory and those above it up to the project directory (where the configuration is, else the working directory); --steps or the configuration's "steps" name others, cucumber-js's features/step_definitions/ among them); spec-run snippets writes them all, and ${strict ? 'a run fails on them until they are defined (strict, the default; --no-strict makes them TODO)' : 'a run leaves them TODO (--no-strict)'}${executorWouldBind.length === 0 ? '' : `; ${executorStepsWouldBind(executorWouldBind.length === unwritten.length ? (unwritten.length === 1 ? 'it' : 'them all') : `${executorWouldBind.length} of them (line ${executorWouldBind.join(', ')})`)}`}`,
    });
  }
  return messages;
}

/** What went wrong loading the step definition files (a syntax error, a throw, a bad expression): errors at their file:line. */
export function checkStepFiles(problems: { file: string; line: number; column?: number; message: string }[]): CheckMessage[] {
  // Named as the documents are, relative to the working directory when under it.
  const shown = (file: string) => (isAbsolute(file) && !relative(process.cwd(), file).startsWith('..') ? relative(process.cwd(), file) : file);
  return problems.map((p) => ({ file: shown(p.file), line: p.line, column: p.column ?? 1, severity: 'error', message: p.message }));
}

/** A note at the first requirement or scenario heading of OpenSpec's prose: written there, it is not run (translate reads the file as prose by its place and name). */
function requirementsInProse(doc: SpecDocument): CheckMessage[] {
  const prose = openspecProseFile(doc.path);
  const heading = prose && doc.sections.find((section) => REQUIREMENT_HEADING.test(section.heading) || SCENARIO_HEADING.test(section.heading) || OUTLINE_HEADING.test(section.heading));
  if (!prose || !heading) return [];
  const message = `'${'#'.repeat(heading.depth)} ${heading.heading}' is in ${describeProseFile(prose)}, prose that is not run: OpenSpec reads requirements only from openspec/specs/<capability>/spec.md and a change's openspec/changes/<change>/specs/<capability>/spec.md`;
  return [{ file: doc.path, line: heading.line, column: 1, severity: 'note', message }];
}

export async function checkDocument(doc: SpecDocument, plan: DocumentPlan, context: CheckContext): Promise<CheckMessage[]> {
  const messages: CheckMessage[] = plan.problems.map((p) => ({ file: p.file, line: p.line, column: p.column ?? 1, severity: p.severity, message: p.message }));
  messages.push(...checkFrontmatter(doc, plan.family));
  if (plan.family === 'lisp') messages.push(...(await checkLisp(plan, context)), ...checkJsonInputs(plan, context));
  if (plan.family === 'openspec') messages.push(...checkOpenspec(doc, plan, context));
  messages.push(...requirementsInProse(doc));
  return messages.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}
