// Lisp verification documents (frontmatter `type: verification | property | contract | scenario`).
// Read as loading the document in order would: blocks of definitions only load first
// wherever they stand unless that changes what a block above reads (then where they stand),
// FiveAM tests are run by name, blocks with other top-level forms run in document order with
// their definitions, `verify-...` functions and functions holding checks that nothing calls
// are called (one that needs arguments is an error).
import type { CodeBlock, Diagnostic, SpecDocument } from '../model/document.js';
import type { CalledCheckFunction, CheckSite, CodeRef, ExpectedAnswer, NotRunBlock } from '../model/plan.js';
import { blankSpans, codeRef } from './code-ref.js';
import { callCounts, changesReading, variableUses, checkingFunctions, definedFunctions, storedFunctions, functionReferences, type DefinedFunction, type DefinedTest, definedTest, isDefinition, isTestRunnerCall, isVerifyName, nestedTests, testDefiningMacros } from './lisp-definitions.js';
import { codeOnOneLine, DEFINES_READER_MACROS, type LispForm, type LispNode, scanForms, unqualified } from './lisp-forms.js';
import { blockName } from './naming.js';
import { formalNotationRule } from './rules/formal-notation.js';
import { editDistance, seenLanguage } from '../model/edit-distance.js';
import { illustrationRule } from './rules/illustration.js';
import { answersInput, isAnswerLabel, readsInput, restatesRequest, showsAnswerTo } from './rules/input-pairs.js';
import { proseInputBefore, type ProseInput } from './rules/prose-input.js';
import { jsonRule } from './rules/json.js';
import { answerForm, constrainsNothing } from './rules/expected-answer.js';
import { jsonProblems, requestOf } from './json-input.js';
import { LISP_LANGUAGES, lispCodeRule } from './rules/lisp-code.js';
import { otherLanguageRule } from './rules/other-language.js';
import { type BlockRule, firstVerdict } from './rules/types.js';
import type { FamilyTranslation, UnitDraft } from './family.js';

/** Tried in this order on every block; the first verdict wins. */
/** The Lisp language LANG was meant to be, when written near one (`lsip`, `lisp-nope`, `clisp`), else null. */
function meantLisp(lang: string): string | null {
  if (LISP_LANGUAGES.has(lang)) return null;
  // Compared as seen: `ｃｌ` and `𝐥𝐢𝐬𝐩` are `cl` and `lisp` to a reader, however many code units apart.
  const seen = seenLanguage(lang);
  if (LISP_LANGUAGES.has(seen)) return seen;
  if (/^lisp\b|^lisp[-_]|lisp$/.test(seen)) return 'lisp';
  // Two edits, a swap of two letters among them (`lsip`), for a name of four letters or more.
  const near = [...LISP_LANGUAGES].filter((name) => name.length >= 4 && editDistance(seen, name) <= 2);
  return seen.length >= 4 ? (near[0] ?? null) : null;
}

export const LISP_FAMILY_RULES: BlockRule[] = [illustrationRule, formalNotationRule, lispCodeRule, jsonRule, otherLanguageRule];

export function translateLispFamily(doc: SpecDocument): FamilyTranslation {
  const file = doc.path;
  const definitions: CodeRef[] = [];
  const units: UnitDraft[] = [];
  const notRun: NotRunBlock[] = [];
  const problems: Diagnostic[] = [];
  /** With the package each was read in, and the reader conditional it stands behind. */
  const functions: (DefinedFunction & { block: CodeBlock; package: string; feature?: string })[] = [];
  // A reader macro one block defines may be used by the others.
  const ownReaderMacros = doc.codeBlocks.some((block) => block.lang !== null && LISP_LANGUAGES.has(block.lang) && DEFINES_READER_MACROS.test(block.text));
  const scans = new Map(doc.codeBlocks.filter((block) => block.lang !== null && LISP_LANGUAGES.has(block.lang)).map((block) => [block, scanForms(block.text, block.textLine, ownReaderMacros)]));
  // A macro that defines a FiveAM test may be defined in any block, before or after its calls.
  const testMacros = testDefiningMacros([...scans.values()].flatMap((scan) => scan.forms));
  const isLoaded = (form: LispForm) => isDefinition(form, testMacros);
  /** The top-level forms of the code that is loaded or run. */
  const loadedOrRun: LispNode[] = [];

  // A method of a generic function the document defines is called by the document's code, or by none;
  // one of another's (PRINT-OBJECT, INITIALIZE-INSTANCE) may be called by Lisp itself.
  const ownGenerics = new Set([...scans.values()].flatMap((scan) => scan.forms.flatMap((form) => {
    const name = form.head !== null && unqualified(form.head) === 'defgeneric' && form.node.kind === 'list' ? form.node.items[1] : undefined;
    return name?.kind === 'symbol' ? [name.name] : [];
  })));

  /** Why the blocks of definitions only from here on load where they stand, not first; null while they may load first. */
  let inPlaceBecause: string | null = null;
  /** Whether a block that runs code stands above the block read. */
  let unitsAbove = false;
  /** The variables and functions the blocks above define (REDEFINED_HEADS), by kind and name. */
  const definedAbove = new Set<string>();
  /** The functions and variables blocks that run define or set, where they stand, by name (unqualified), with the block's line. */
  const madeByUnitsAbove = new Map<string, number>();

  /** The package definitions are read in (`in-package` forms, in document order), and the tests defined there by name. */
  let inPackage = 'common-lisp-user';
  const unconditionalTests = new Map<string, UnitDraft>();

  function addTest(test: DefinedTest, line: number, feature: string | undefined, block: CodeBlock): void {
    const testName = inCommonLispUser(test.name, inPackage);
    const unit = { kind: 'fiveam-test' as const, name: testName, testName, ...(test.dialect ? { dialect: test.dialect } : {}), ...(feature ? { feature } : {}), file, line, headingPath: block.headingPath };
    // Defined again, a test replaces the earlier definition when the definitions load (as in FiveAM):
    // the earlier one would never run, and the later would run twice under two names.
    if (!feature) replaceDefinedAgain(unconditionalTests, testName, unit, `test ${testName}`);
    units.push(unit);
  }

  /**
   * Defined again under one symbol, a test or a verify- function replaces the earlier definition
   * when the definitions load: the earlier one's checks would never run, and the later would run
   * twice under two names. UNIT, the later, takes the earlier's place in DEFINED.
   */
  function replaceDefinedAgain(defined: Map<string, UnitDraft>, symbol: string, unit: UnitDraft, what: string): void {
    const key = symbol.toLowerCase();
    const earlier = defined.get(key);
    if (earlier) {
      units.splice(units.indexOf(earlier), 1);
      problems.push({ file, line: earlier.line, message: `${what} is defined again at line ${unit.line}, which replaces this definition: its checks would never run; give one of the two another name`, severity: 'error' });
    }
    defined.set(key, unit);
  }

  // The runtime is the run's, named in the configuration: a document that names its own would
  // silently be checked against another server than the one it states.
  if (doc.metadata.runtime !== undefined) {
    problems.push({
      file,
      line: doc.metadataLines?.runtime ?? 1,
      message: "frontmatter 'runtime' is not read: a document runs against the runtime of the configuration (its \"runtime\" key, e.g. runtime: [node, server.js]); move it there, or run this document with a --config that names it",
      severity: 'error',
    });
  }

  /** The Input block just before the current block, with its unit, while a Lisp block may still answer it. */
  let lastInput: { block: CodeBlock; unit: InputUnit } | null = null;

  /** Makes the answer BLOCK the Expected of UNIT, or says at the block why it cannot be compared (false). */
  function compareAnswer(unit: InputUnit, block: CodeBlock): boolean {
    const answer = expectedAnswer(unit, block);
    if ('problem' in answer) {
      problems.push({ file, line: block.textLine, message: answer.problem, severity: 'error' });
      notRun.push({ block, reason: `answer: ${answer.problem}` });
      return false;
    }
    unit.expected = answer;
    return true;
  }

  for (const block of doc.codeBlocks) {
    const isLisp = block.lang !== null && LISP_LANGUAGES.has(block.lang);
    // The answer shown for the Input is compared with the response, or is an error: never shown and dropped.
    if (lastInput && !isLisp && showsAnswerTo(lastInput.block, block)) {
      compareAnswer(lastInput.unit, block);
      lastInput = null;
      continue;
    }
    // The same after an Input written in prose: the request is derived from the prose, or the Input's line says why not.
    const proseAnswered = lastInput === null && !isLisp && isAnswerLabel(block.label) ? proseInputBefore(doc, block) : null;
    if (proseAnswered?.kind === 'unclear') problems.push({ file, line: proseAnswered.line, message: proseAnswered.message, severity: 'error' });
    if (proseAnswered?.kind === 'request') {
      const unit: InputUnit = { kind: 'json-input', name: `${blockName(block)} (input)`, file, line: proseAnswered.line, headingPath: block.headingPath, code: proseRequestRef(file, proseAnswered, block) };
      if (compareAnswer(unit, block)) units.push(unit);
      continue;
    }
    const input = lastInput && isLisp && answersInput(lastInput.block, block) ? lastInput : null;
    lastInput = null;
    // A block reading `input` after an Input written in prose: the request is derived from the prose, or the Input's line says why not.
    const prose = input === null && isLisp && readsInput(block.text) ? proseInputBefore(doc, block) : null;
    if (prose?.kind === 'unclear') problems.push({ file, line: prose.line, message: prose.message, severity: 'error' });
    const proseRequest = prose?.kind === 'request' ? prose : null;
    // An answer block's label ("Expected Output") is not an illustration; its headings still may be.
    const verdict = input || proseRequest ? (illustrationRule({ ...block, label: null }) ?? { action: 'lisp' as const }) : firstVerdict(LISP_FAMILY_RULES, block);
    if (verdict === null || verdict.action === 'not-run') {
      notRun.push({ block, reason: verdict?.reason ?? 'no rule applies' });
      // Lisp code under a language written near a Lisp one (`lsip`, `lisp-nope`) is a block meant to run: it would not, in silence.
      const meant = block.lang === null || !/^\s*[(;#]/.test(block.text) ? null : meantLisp(block.lang);
      if (meant) problems.push({ file, line: block.line, message: `a code block of language '${block.lang}' is not run: did you mean '${meant}'? (spec-run runs ${[...LISP_LANGUAGES].join(', ')}; another language's block is shown, not run)`, severity: 'error' });
      continue;
    }
    if (verdict.action === 'json-input') {
      const unit = { kind: 'json-input' as const, name: `${blockName(block)} (input)`, file, line: block.textLine, headingPath: block.headingPath, code: codeRef(file, block) };
      units.push(unit);
      lastInput = { block, unit };
      continue;
    }

    const scan = scans.get(block)!; // a block run here is of a Lisp language
    if (scan.problems.length > 0) {
      const first = scan.problems[0];
      problems.push({ file, line: first.line, column: first.column, message: `Lisp code cannot be read: ${first.message}`, severity: 'error' });
      notRun.push({ block, reason: `unreadable: ${first.message} (line ${first.line})`, readError: `${first.message} (line ${first.line})` });
      continue;
    }
    if (scan.forms.length === 0) {
      notRun.push({ block, reason: 'comments only: the block has no forms' });
      if (input) problems.push(uncheckedAnswer(input.unit, block, 'holds only comments'));
      continue;
    }
    loadedOrRun.push(...scan.forms.map((form) => form.node));

    const loaded = scan.forms.filter(isLoaded);
    const runners = scan.forms.filter(isTestRunnerCall);
    const run = scan.forms.filter((form) => !isLoaded(form) && !runners.includes(form));
    if (runners.length > 0) {
      const calls = runners.map((form) => `${codeOnOneLine(form.text)} (line ${form.line})`).join(', ');
      notRun.push({ block, reason: `runs tests, which spec-run runs itself, each test once as a unit: ${calls} is left out` });
    }
    // A block that runs code runs its definitions too, where they stand in it. A block of definitions only
    // loads first, unless that would change how a block above it reads, or read it before what one above makes.
    const change = changesReading(scan.forms);
    if (run.length === 0 && inPlaceBecause === null && change !== null && unitsAbove) inPlaceBecause = `it ${changeText(change)} and a block above it runs first: loaded first, it would change how that block reads`;
    // Loaded first, a variable or function defined again would be the one the blocks above it see.
    const redefined = run.length === 0 && inPlaceBecause === null ? loaded.map(redefinedName).find((name) => name !== null && definedAbove.has(name.key)) : undefined;
    // Loaded first, a variable's value computed from what a block above makes as it runs would be computed before that.
    const dependent = run.length === 0 && inPlaceBecause === null && redefined === undefined ? loaded.map((form) => valueFromUnitsAbove(form, madeByUnitsAbove)).find((found) => found !== null) : undefined;
    const because =
      inPlaceBecause ??
      (redefined
        ? `it defines ${redefined.name} again (at line ${redefined.line}), which a block above it defines: loaded first, it would change what that block sees`
        : dependent
          ? `the value of ${dependent.variable} (at line ${dependent.line}) reads ${dependent.name}, which the block at line ${dependent.block} above it defines or sets where it runs: loaded first, it would be computed before that`
          : null);
    for (const form of loaded) {
      const name = redefinedName(form);
      if (name) definedAbove.add(name.key);
    }
    const loads = run.length > 0 ? { at: 'with-unit' as const } : because === null ? null : { at: 'in-place' as const, because };
    if (loaded.length > 0) definitions.push({ ...codeRef(file, block, keepOnly(block.text, scan.forms, loaded)), ...(loads ? { loads } : {}) });
    if (run.length > 0) {
      unitsAbove = true;
      for (const name of madeNames([...loaded, ...run])) if (!madeByUnitsAbove.has(name)) madeByUnitsAbove.set(name, block.textLine);
    }
    if (loads !== null && change !== null) inPlaceBecause = `the block at line ${block.textLine} above it runs where it stands and ${changeText(change)}: loaded first, this block would be read before that`;
    if (input && run.length === 0 && !loaded.some((form) => definedTest(form, testMacros) !== null || nestedTests(form, testMacros).length > 0)) problems.push(uncheckedAnswer(input.unit, block, 'runs nothing of its own (only definitions or test-runner calls)'));
    if (run.length > 0) {
      const code = codeRef(file, block, keepOnly(block.text, scan.forms, [...loaded, ...run]));
      const derived = proseRequest ? { input: proseRequestRef(file, proseRequest, block), inputProse: proseRequest.prose } : {};
      // At its first form: the tests its definitions define run after it (units run in line order).
      const first = Math.min(run[0].line, loaded[0]?.line ?? Infinity);
      units.push({ kind: 'lisp-block', name: blockName(block), file, line: first, headingPath: block.headingPath, code, ...(input ? { input: input.unit.code } : derived) });
      if (input) input.unit.pairedWith = first;
      // Paired by its label alone, a block that neither reads `input` nor sends the same request itself leaves the Input unsent: it would only be checked for well-formed JSON.
      if (input && !readsInput(block.text) && !restatesRequest(input.unit.code.text, block.text)) {
        problems.push({
          file,
          line: block.textLine,
          severity: 'error',
          message: `this block checks the answer to the Input at line ${input.unit.line}, but neither reads \`input\` nor sends that request itself: it is never sent; send it (send-request *server* input) and check its answer, or label the Input otherwise`,
        });
      }
    }
    for (const form of run) for (const test of nestedTests(form, testMacros)) addTest(test, test.line, test.feature, block);
    for (const form of loaded) {
      const test = definedTest(form, testMacros);
      if (form.head !== null && unqualified(form.head) === 'in-package') inPackage = packageDesignator(form.node) ?? inPackage;
      const feature = featureOf(form, block);
      if (test !== null) addTest(test, form.line, feature, block);
      for (const nested of nestedTests(form, testMacros)) addTest(nested, nested.line, nested.feature, block);
      for (const fn of definedFunctions(form)) if (!fn.method || ownGenerics.has(fn.name)) functions.push({ ...fn, block, package: inPackage, feature });
    }
    // A function object a block names or puts in a variable as it runs (`(setf (symbol-function 'f) (lambda ...))`).
    for (const form of run) for (const fn of definedFunctions(form)) functions.push({ ...fn, block, package: inPackage, feature: featureOf(form, block) });
    // A lambda kept as data (a registry of checks), where the block stands or as it runs.
    for (const form of scan.forms) for (const fn of storedFunctions(form)) functions.push({ ...fn, block, package: inPackage });
  }

  // Run by nothing, a function's checks, or those of the functions it calls, never run either.
  const checking = checkingFunctions(functions);
  // Calls of each function (not quoted data, nor a name given to an operator not known to call it; 'f given to a function of the document is a call of f).
  const documentFunctions = new Set(functions.map((fn) => fn.name));
  const calls = callCounts(loadedOrRun, documentFunctions);
  // A function a variable holds is called through it, `(funcall *f*)`, or may be by what it is given to.
  const variables = variableUses(loadedOrRun);
  // `(list #'f)`: f may be called later with arguments, or never.
  const putAside = functionReferences(loadedOrRun, documentFunctions);
  const uncalledCheckFunctions: { name: string; line: number }[] = [];
  const unconditionalFunctions = new Map<string, UnitDraft>();
  const calledCheckFunctions: CalledCheckFunction[] = [];
  for (const fn of functions.map((f) => ({ ...f, holdsChecks: checking.has(f.name) }))) {
    // Kept as data, it is called by whatever takes it out, perhaps a later unit: the run tells by the points of its checks.
    if (fn.stored) {
      if (fn.holdsChecks) calledCheckFunctions.push({ name: fn.rawName, line: fn.line, headingPath: fn.block.headingPath, checks: checksReached(fn, functions), callableWithoutArguments: false, stored: true });
      continue;
    }
    const neverCalled = fn.variable ? !variables.called.has(fn.name) && (variables.named.get(fn.name) ?? 0) <= 1 : !calls.has(fn.name);
    // Called in the code, it may still never run (`(mapc #'verify-x '())`): the run tells by the points of its checks.
    const checks = neverCalled ? [] : checksReached(fn, functions);
    if (checks.length > 0 && (isVerifyName(fn.name) || fn.holdsChecks))
      calledCheckFunctions.push({ name: fn.variable ? fn.rawName : inCommonLispUser(fn.rawName, fn.package), line: fn.line, headingPath: fn.block.headingPath, checks, callableWithoutArguments: fn.callableWithoutArguments, ...(fn.variable ? { variable: true as const } : {}) });
    // A verify- function is run by its name; any other function by the checks it holds, which nothing else would run.
    if (!neverCalled || !(isVerifyName(fn.name) || fn.holdsChecks)) continue;
    // One of no arguments runs as a unit (its checks may run twice, never not at all); one needing them is left to what holds it.
    if (putAside.has(fn.name) && !fn.callableWithoutArguments) continue;
    // Held by a variable, it is run by no name: its checks are said never to run, where it stands.
    if (fn.variable) {
      if (fn.holdsChecks) problems.push({ file, line: fn.line, message: `${fn.rawName} holds a function whose checks nothing in this document or its specification tree calls: they would never run; call it from a block or test, (funcall ${fn.rawName})`, severity: 'error' });
      continue;
    }
    if (!isVerifyName(fn.name)) uncalledCheckFunctions.push({ name: fn.name, line: fn.line });
    if (fn.callableWithoutArguments) {
      const functionName = inCommonLispUser(fn.rawName, fn.package);
      const unit: UnitDraft = { kind: 'verify-function', name: functionName, functionName, file, line: fn.line, headingPath: fn.block.headingPath };
      if (!fn.feature) replaceDefinedAgain(unconditionalFunctions, functionName, unit, functionName);
      units.push(unit);
    } else if (fn.holdsChecks) {
      problems.push({ file, line: fn.line, message: `${fn.rawName} holds checks, but nothing in this document or its specification tree calls it and it needs arguments, so spec-run cannot run it as a unit: its checks would never run; call it from a block`, severity: 'error' });
    }
  }

  return { definitions, units, notRun, problems, ...(uncalledCheckFunctions.length ? { uncalledCheckFunctions } : {}), ...(calledCheckFunctions.length ? { calledCheckFunctions } : {}) };
}

/** FN's checks and those of the FUNCTIONS (of its document) it calls, in turn, in line order: where its points stand when it runs. */
function checksReached(fn: DefinedFunction, functions: DefinedFunction[]): CheckSite[] {
  const byName = new Map(functions.map((f) => [f.name, f]));
  const seen = new Set<string>([fn.name]);
  const checks = [...fn.checks];
  const visit = (f: DefinedFunction): void => {
    for (const name of f.names) {
      const callee = byName.get(name);
      if (callee === undefined || seen.has(name)) continue;
      seen.add(name);
      checks.push(...callee.checks);
      visit(callee);
    }
  };
  visit(fn);
  return checks.sort((a, b) => a.line - b.line);
}

type InputUnit = Extract<UnitDraft, { kind: 'json-input' }>;

/** The answer BLOCK (not Lisp) shown for the Input of UNIT, as the run compares it, or why it cannot be. */
function expectedAnswer(unit: InputUnit, block: CodeBlock): ExpectedAnswer | { problem: string } {
  const shown = answerForm(block, unit.line);
  if ('problem' in shown) return shown;
  const answer: ExpectedAnswer = { ...codeRef(unit.file, block), form: shown.form };
  const [expected, request] = [jsonProblems(answer), jsonProblems(unit.code)];
  const checksNothing = shown.form === 'json' && !Array.isArray(expected) && !Array.isArray(request) ? constrainsNothing(expected.value, requestOf(request.value)) : null;
  return checksNothing ? { ...answer, checksNothing } : answer;
}

/** The request derived from an Input in prose, as the JSON of an Input block at the prose's line, answered by BLOCK. */
function proseRequestRef(file: string, prose: Extract<ProseInput, { kind: 'request' }>, block: CodeBlock): CodeRef {
  return { file, line: prose.line, text: prose.json, lang: 'json', headingPath: block.headingPath, blockIndex: block.index };
}

/** The Lisp answer BLOCK of the Input of UNIT checks nothing (WHY): an error at the block, since the request is never sent. */
function uncheckedAnswer(unit: InputUnit, block: CodeBlock, why: string): Diagnostic {
  return {
    file: unit.file,
    line: block.textLine,
    severity: 'error',
    message: `this block is the answer to the Input at line ${unit.line}, but it ${why}: it checks nothing, and the request is never sent; check the answer in it, such as (let ((response (send-request *server* input))) (assert (not (result-field response :isError))))`,
  };
}

/** Definitions whose second definition replaces the first: a variable's value, a function. */
const REDEFINED_HEADS: Record<string, string> = { defvar: 'variable', defparameter: 'variable', defconstant: 'variable', defun: 'function', defmacro: 'function' };

/** The variable or function FORM defines (by kind and lower-cased name in KEY, as written in NAME), or null. */
function redefinedName(form: LispForm): { key: string; name: string; line: number } | null {
  const kind = form.head === null || form.node.kind !== 'list' ? undefined : REDEFINED_HEADS[form.head.replace(/^(?:cl|common-lisp):/, '')];
  const name = form.node.kind === 'list' ? form.node.items[1] : undefined;
  return kind && name?.kind === 'symbol' ? { key: `${kind} ${name.name}`, name: name.raw, line: form.line } : null;
}

/** The functions and variables FORMS (of a block that runs) define, or set at their top level (`setf`, `setq`), unqualified. */
function madeNames(forms: LispForm[]): string[] {
  const names: string[] = [];
  for (const { node, head } of forms) {
    if (node.kind !== 'list' || head === null) continue;
    const operator = unqualified(head);
    const items = node.items;
    if (REDEFINED_HEADS[operator] !== undefined && items[1]?.kind === 'symbol') names.push(unqualified(items[1].name));
    if (operator === 'setf' || operator === 'setq') for (let i = 1; i < items.length; i += 2) if (items[i].kind === 'symbol') names.push(unqualified((items[i] as { name: string }).name));
  }
  return names;
}

/** When FORM is a `defvar`/`defparameter`/`defconstant` whose value reads a name MADE (by a block that runs above), that name, the variable and the block's line; else null. */
function valueFromUnitsAbove(form: LispForm, made: Map<string, number>): { variable: string; line: number; name: string; block: number } | null {
  const name = redefinedName(form);
  const value = form.node.kind === 'list' ? form.node.items[2] : undefined;
  if (name === null || !name.key.startsWith('variable ') || value === undefined) return null;
  let found: string | null = null;
  const visit = (node: LispNode): void => {
    if (found !== null) return;
    if (node.kind === 'symbol' && made.has(unqualified(node.name))) found = unqualified(node.name);
    else if (node.kind === 'list') node.items.forEach(visit);
    else if (node.kind === 'prefixed' && node.prefix !== "'") visit(node.form);
  };
  visit(value);
  return found === null ? null : { variable: name.name, line: form.line, name: found, block: made.get(found)! };
}

/** What CHANGE, a call that loads code or changes how code reads, does: "loads code (load at line 9)". */
function changeText(change: { name: string; line: number }): string {
  const name = change.name.toLowerCase();
  const what = /in-package|package|import|export|shadow/.test(name) && !/^(?:cl:|common-lisp:)?(?:defpackage|make-package)$/.test(name) ? 'changes the package code is read in' : /macro-character|readtable/.test(name) ? 'changes the readtable' : /package/.test(name) ? 'makes a package' : 'loads code';
  return `${what} (${change.name} at line ${change.line})`;
}

/**
 * NAME, a symbol read in PACKAGE, as written in CL-USER, where the driver reads the names of
 * the tests and functions units run: `p2::capacity`, or `capacity` read in CL-USER. A name
 * written qualified, or as a string (Parachute's), is kept as it is.
 */
function inCommonLispUser(name: string, package_: string): string {
  if (/[:|"]/.test(name) || ['common-lisp-user', 'cl-user'].includes(package_)) return name;
  return `${package_}::${name}`;
}

/** The reader conditional FORM of BLOCK stands behind, as written ("#-sbcl"); undefined for none. */
function featureOf(form: LispForm, block: CodeBlock): string | undefined {
  return form.node.kind === 'conditional' ? `${form.node.prefix}${block.text.slice(form.node.feature.start, form.node.feature.end)}` : undefined;
}

/** The package an `(in-package x)` form names, lower-cased: `:x`, `#:x`, `"X"`, `x`. */
function packageDesignator(node: LispNode): string | null {
  const argument = node.kind === 'list' ? node.items[1] : undefined;
  if (argument?.kind === 'symbol') return argument.name.replace(/^#?:/, '');
  if (argument?.kind === 'string') return argument.value.toLowerCase();
  return null;
}

/** The block text with all forms except `kept` blanked; the whole text when all are kept. */
function keepOnly(text: string, forms: LispForm[], kept: LispForm[]): string {
  if (kept.length === forms.length) return text;
  return blankSpans(text, forms.filter((form) => !kept.includes(form)));
}
