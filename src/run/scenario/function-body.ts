// Whether a step definition's body can fail, read from its source text as the engine keeps
// it (for a TypeScript steps file, the text after compilation) and parsed with acorn. A body
// fails only by throwing (in an async one, rejecting) or by returning what cucumber-js reads
// as a verdict (false, 'pending', 'skipped', a promise): a Then none of whose statements can
// do so checks nothing, however its step reads. So the question asked of each statement is
// whether it can throw, not whether it has a known shape: a `throw`, a call of any function
// not known never to throw (an imported one, an assertion: console.*, the world's log and
// attach, a few pure builtins and a helper of the steps file whose own body, read by the same
// rules, cannot throw are known), an `await`, a property read of a
// value that may be null or undefined (`this.result.should.be.ok`), a constructor other than
// an Error's. An expression
// whose value is dropped (`this.total === n;`), an Error built and never thrown, an assignment,
// an assertion whose argument is always truthy (`assert.ok(this)`, `assert.ok(typeof x)`) or
// constants that hold, cannot. Read conservatively where it matters: a name the function does
// not declare is the module's, looked up in the steps file's text (moduleReading): one it
// may leave null or undefined (a `let`, a parameter around the step) may be, an import or a
// helper never is; a getter is read as not throwing, but one reached through a value that may
// be nullish may; a loop or a class may fail.
import { readFileSync, statSync } from 'node:fs';
import { parse, type AnyNode, type ArrowFunctionExpression, type CallExpression, type Expression, type FunctionDeclaration, type FunctionExpression, type Pattern, type PrivateIdentifier, type SpreadElement, type Statement, type Super } from 'acorn';

/** What a body that cannot fail does instead, said after "it only". */
type Doing =
  | 'returns'
  | 'logs'
  | 'attaches'
  | 'awaits a settled value'
  | 'asserts on constants'
  | 'asserts what always holds'
  | 'catches its own failures'
  | 'calls back'
  | 'reads values it compares with nothing'
  | 'compares values and drops the result'
  | 'builds an error it never throws'
  | 'sets values'
  | 'names an assertion it never calls'
  | 'runs a command and drops its result'
  | `calls its helper ${string}`;

/** What a function's body sees: its parameters and the variables it declared (each may be null or undefined), and its last parameter, which cucumber-js passes a callback in. */
interface Scope {
  names: Set<string>;
  callback: string | null;
  /** The function's module as read (moduleReading). */
  module: ModuleReading;
  /** Whether `this` is the world: not in an arrow function, whose `this` is its module's. */
  world: boolean;
  /** Whether the function is a helper of the module's (its returned value is no verdict: the step that calls it reads it, if any). */
  helper: boolean;
}

/** Each definition's body as read once: a step runs it many times. */
const readings = new WeakMap<object, string | null>();

/**
 * What the body of FN, defined in the module FILE, does when it cannot fail, said after "it":
 * "is empty", "only logs", "only asserts on constants and returns"; null when it may fail, or
 * its source cannot be read (native code, a generator, a syntax this parser does not know).
 */
export function bodyThatCannotFail(fn: (...args: never[]) => unknown, file?: string): string | null {
  if (!readings.has(fn)) readings.set(fn, readBody(fn, file === undefined ? NO_MODULE : moduleReading(file)));
  return readings.get(fn) ?? null;
}

/** A module read for what a step's body calls and reads in it. */
interface ModuleReading {
  /** Its names that may hold null or undefined when a step of it runs (see moduleReading). */
  names: ReadonlySet<string>;
  /** Its helpers, by name: the functions it declares once at its top level, under a name nothing assigns again. */
  helpers: ReadonlyMap<string, Helper>;
  /** Its text: a body whose source is not in it was defined elsewhere, and its calls name that module's functions. */
  text: string;
}

/** A helper function of a module, and what its body does as read once (undefined while unread, READING during its reading). */
interface Helper {
  node: FunctionNode | FunctionDeclaration;
  reading?: HelperReading | null | typeof READING;
}

/** A helper whose body cannot throw: what it does ("only logs"), and whether each value it returns is settled (a step may return it as its own). */
interface HelperReading {
  body: string;
  returnsSettled: boolean;
}

/** A helper being read: a call of it from its own body (recursion, which may exhaust the stack) may throw. */
const READING = Symbol('reading');

const NO_MODULE: ModuleReading = { names: new Set(), helpers: new Map(), text: '' };

/** Each module as read, by file, as of its modification time: a steps file defines many steps. */
const moduleReadings = new Map<string, { mtimeMs: number; reading: ModuleReading }>();

/**
 * The module FILE as a step's body sees it. Its names that may hold null or undefined when a
 * step of it runs: a `let` or `var` (unset until a hook sets it, or set to anything), a
 * parameter of a function around the step, a name a pattern takes (a missing property is
 * undefined), a `const` of a nullish constant. An import, a function, a class, another `const`
 * never are. Its helpers: a function declared at its top level (`function verify() {}`,
 * `const verify = () => {}`), whose name nothing else in it declares or assigns, so that a
 * call of that name anywhere in the module is a call of it. A file whose text is no
 * JavaScript acorn reads (TypeScript with types: the run transpiles it through jiti,
 * asynchronously, when loading it, and keeps no module text) gives neither: its names are then
 * read as never nullish, as the body alone shows nothing better, and a call of its helpers
 * as one that may throw.
 */
function moduleReading(file: string): ModuleReading {
  let mtimeMs: number;
  let text: string;
  try {
    mtimeMs = statSync(file).mtimeMs;
    const known = moduleReadings.get(file);
    if (known?.mtimeMs === mtimeMs) return known.reading;
    text = readFileSync(file, 'utf8');
  } catch {
    return NO_MODULE;
  }
  const names = new Set<string>();
  const helpers = new Map<string, Helper>();
  const program = parsedModule(text);
  if (program !== null) {
    /** How many times each name is declared or assigned anywhere in the module. */
    const bound = new Map<string, number>();
    const bind = (pattern: Pattern) => {
      for (const name of boundNames(pattern)) bound.set(name, (bound.get(name) ?? 0) + 1);
    };
    visit(program, (node) => {
      if (node.type === 'VariableDeclaration') {
        for (const d of node.declarations) {
          const value = d.init == null ? null : constantValue(d.init);
          if (node.kind !== 'const' || d.id.type !== 'Identifier' || (value !== null && value.value == null)) declaredNames(d.id, names);
          bind(d.id);
        }
      }
      if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
        for (const param of node.params) {
          declaredNames(param, names);
          bind(param);
        }
        if (node.id) bind(node.id);
      }
      if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.id) bind(node.id);
      if (node.type === 'CatchClause' && node.param) bind(node.param);
      if (node.type === 'ImportSpecifier' || node.type === 'ImportDefaultSpecifier' || node.type === 'ImportNamespaceSpecifier') bind(node.local);
      if (node.type === 'AssignmentExpression') bind(node.left as Pattern);
      if (node.type === 'UpdateExpression' && node.argument.type === 'Identifier') bind(node.argument);
    });
    for (const statement of (program as AnyNode & { body: AnyNode[] }).body) {
      const declared = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
      if (declared.type === 'FunctionDeclaration' && declared.id) helpers.set(declared.id.name, { node: declared });
      if (declared.type === 'VariableDeclaration' && declared.kind === 'const') {
        for (const d of declared.declarations) if (d.id.type === 'Identifier' && (d.init?.type === 'FunctionExpression' || d.init?.type === 'ArrowFunctionExpression')) helpers.set(d.id.name, { node: d.init });
      }
    }
    for (const name of [...helpers.keys()]) if (bound.get(name) !== 1) helpers.delete(name);
  }
  const reading = { names, helpers, text };
  moduleReadings.set(file, { mtimeMs, reading });
  return reading;
}

/** The names PATTERN binds, declared or assigned: not those its defaults or a property it assigns to (`a.b = ...`) mention. */
function boundNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => boundNames(property.type === 'RestElement' ? property.argument : property.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element === null ? [] : boundNames(element)));
    case 'AssignmentPattern':
      return boundNames(pattern.left);
    case 'RestElement':
      return boundNames(pattern.argument);
    default:
      return [];
  }
}

/** TEXT parsed as an ES module, else as a script (CommonJS); null when it is neither. */
function parsedModule(text: string): AnyNode | null {
  for (const sourceType of ['module', 'script'] as const) {
    try {
      return parse(text, { ecmaVersion: 'latest', sourceType, allowHashBang: true, allowReturnOutsideFunction: sourceType === 'script' });
    } catch {
      // not this kind
    }
  }
  return null;
}

/** Adds the names PATTERN declares to INTO (and, read conservatively, the names its defaults mention). */
function declaredNames(pattern: Pattern, into: Set<string>): void {
  visit(pattern, (inner) => inner.type === 'Identifier' && into.add(inner.name));
}

function readBody(fn: (...args: never[]) => unknown, module: ModuleReading): string | null {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return null;
  }
  const node = parsedFunction(source);
  if (node === null) return null;
  // Defined in another module (imported, then bound here), its calls name that module's functions, not these helpers.
  const seen = module.text.includes(source) ? module : { ...module, helpers: NO_MODULE.helpers };
  const doing = functionDoing(node, { names: new Set(), callback: null, module: seen, world: node.type === 'FunctionExpression', helper: false });
  return doing === null ? null : said(doing);
}

/** DOING said after "it": "is empty", "only logs", "only logs and returns". */
function said(doing: Doing[]): string {
  const once = [...new Set(doing)];
  return once.length === 0 ? 'is empty' : `only ${once.length === 1 ? once[0] : `${once.slice(0, -1).join(', ')} and ${once.at(-1)}`}`;
}

/** What the function NODE does when its body cannot fail, in a scope of its own made from BASE; null when it may. */
function functionDoing(node: FunctionNode | FunctionDeclaration, base: Scope): Doing[] | null {
  if (node.generator || node.params.some(mayThrowBeforeTheBody)) return null;
  const scope: Scope = { ...base, names: new Set() };
  for (const param of node.params) declaredNames(param, scope.names);
  const last = node.params.at(-1);
  // cucumber-js passes a step a callback in its last parameter; a helper's is whatever its caller gives.
  if (!scope.helper && last?.type === 'Identifier') scope.callback = last.name;
  if (node.body.type === 'BlockStatement') return statementsDoing(node.body.body, scope);
  // A helper's value is its caller's to read (returnedValueDoing); a step's is read as its verdict.
  return scope.helper ? returnedValueDoing(node.body, scope) : returnedDoing(node.body, scope);
}

/**
 * The helper of the module of SCOPE that CALL calls, when its body cannot throw (read by the
 * rules of a step's, once); null when it may, or when CALL calls no helper. `this` in a helper
 * called as a plain function is undefined in a module: a helper that names it may throw.
 */
function helperCalled(call: CallExpression, scope: Scope): (HelperReading & { name: string }) | null {
  const callee = call.callee;
  if (callee.type !== 'Identifier' || scope.names.has(callee.name)) return null;
  const helper = scope.module.helpers.get(callee.name);
  if (helper === undefined) return null;
  if (helper.reading === undefined) {
    helper.reading = READING;
    let namesThis = false;
    visit(helper.node.body, (node) => {
      if (node.type === 'ThisExpression' || node.type === 'Super') namesThis = true;
    });
    const doing = namesThis ? null : functionDoing(helper.node, { names: new Set(), callback: null, module: scope.module, world: false, helper: true });
    helper.reading = doing === null ? null : { body: said(doing), returnsSettled: returnsOnlySettled(helper.node, scope) };
  }
  return helper.reading === READING || helper.reading === null ? null : { ...helper.reading, name: callee.name };
}

/** What awaiting EXPRESSION does when it calls a helper that cannot throw and returns only settled values (an awaited thenable might reject); null otherwise. */
function awaitedHelper(expression: Expression, scope: Scope): Doing | null {
  if (expression.type !== 'CallExpression') return null;
  const doing = knownCallDoing(expression, scope);
  return doing !== null && helperCalled(expression, scope)?.returnsSettled === true ? doing : null;
}

/** Whether every value the function NODE returns is settled (an arrow's expression, a return's argument): returned by a step, none is read as its verdict. */
function returnsOnlySettled(node: FunctionNode | FunctionDeclaration, scope: Scope): boolean {
  if (node.body.type !== 'BlockStatement') return settled(node.body, scope);
  let all = true;
  visit(node.body, (inner) => {
    if (inner.type === 'ReturnStatement' && inner.argument != null && !settled(inner.argument, scope)) all = false;
  });
  return all;
}

type FunctionNode = FunctionExpression | ArrowFunctionExpression;


/** The function SOURCE is the text of: an expression (`function`, an arrow) or a method (`then(n) {}`, of an object or a class). */
function parsedFunction(source: string): FunctionNode | null {
  // The line break lets a last line comment end before the closing bracket.
  for (const [wrapped, pick] of [
    [`(${source}\n)`, (e: Expression) => e],
    [`({${source}\n})`, (e: Expression) => (e.type === 'ObjectExpression' && e.properties.length === 1 && e.properties[0].type === 'Property' ? e.properties[0].value : null)],
  ] as const) {
    try {
      const program = parse(wrapped, { ecmaVersion: 'latest' });
      const only = program.body.length === 1 ? program.body[0] : null;
      const picked = only?.type === 'ExpressionStatement' ? pick(only.expression) : null;
      if (picked?.type === 'FunctionExpression' || picked?.type === 'ArrowFunctionExpression') return picked;
    } catch {
      // not this shape
    }
  }
  return null;
}

/** Whether a parameter's default or pattern runs code that may throw before the body: a call, or a property read (a getter). */
function mayThrowBeforeTheBody(param: Pattern): boolean {
  let may = false;
  visit(param, (node) => {
    if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression' || node.type === 'MemberExpression') may = true;
  });
  return may;
}

/** What STATEMENTS do when none of them can fail; null when one may. */
function statementsDoing(statements: Statement[], scope: Scope): Doing[] | null {
  const doing: Doing[] = [];
  for (const statement of statements) {
    const one = statementDoing(statement, scope);
    if (one === null) return null;
    doing.push(...one);
  }
  return doing;
}

function statementDoing(statement: Statement, scope: Scope): Doing[] | null {
  switch (statement.type) {
    case 'EmptyStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'DebuggerStatement':
      return [];
    case 'BlockStatement':
      return statementsDoing(statement.body, scope);
    case 'LabeledStatement':
      return statementDoing(statement.body, scope);
    case 'ReturnStatement':
      if (statement.argument == null) return ['returns'];
      return scope.helper ? returnedValueDoing(statement.argument, scope) : returnedDoing(statement.argument, scope);
    case 'ExpressionStatement':
      return mayThrow(statement.expression, scope) ? null : droppedDoing(statement.expression, scope);
    case 'IfStatement': {
      if (mayThrow(statement.test, scope)) return null;
      const then = statementDoing(statement.consequent, scope);
      const otherwise = statement.alternate ? statementDoing(statement.alternate, scope) : [];
      if (then === null || otherwise === null) return null;
      return then.length + otherwise.length === 0 ? ['compares values and drops the result'] : [...then, ...otherwise];
    }
    case 'VariableDeclaration': {
      for (const d of statement.declarations) {
        // A pattern reads properties of its value, or iterates it: read as one that may throw.
        if (d.id.type !== 'Identifier' || (d.init != null && mayThrow(d.init, scope))) return null;
        scope.names.add(d.id.name);
      }
      return ['reads values it compares with nothing'];
    }
    case 'TryStatement': {
      // A value the block returns is not caught (a rejected promise), nor what a function it defines throws later.
      if (returnsUnsettled(statement.block, scope)) return null;
      // The error a catch names is read as an Error, never nullish (so `error.message` is no check).
      if (statement.handler?.param && statement.handler.param.type !== 'Identifier') return null;
      const tried = statementsDoing(statement.block.body, scope);
      const caught = statement.handler ? statementsDoing(statement.handler.body.body, scope) : [];
      const last = statement.finalizer ? statementsDoing(statement.finalizer.body, scope) : [];
      if (caught === null || last === null || (tried === null && !statement.handler)) return null;
      return tried === null ? ['catches its own failures', ...caught, ...last] : [...tried, ...last];
    }
    default:
      // A throw; a loop (which may also never end: a time-out fails); a declaration; a switch.
      return null;
  }
}

/** What returning EXPRESSION does when it cannot fail: a settled value, or the undefined an assertion, a log or a callback gives; null when it may throw, or be read as a verdict. */
function returnedDoing(expression: Expression, scope: Scope): Doing[] | null {
  if (settled(expression, scope)) return ['returns'];
  const call = expression.type === 'ChainExpression' ? expression.expression : expression;
  const doing = call.type === 'CallExpression' ? knownCallDoing(call, scope) : null;
  // A helper's value returned is the step's: one it may return unsettled (false, a promise) may be read as a verdict.
  if (doing !== null && call.type === 'CallExpression' && helperCalled(call, scope) !== null) return helperCalled(call, scope)!.returnsSettled ? [doing] : null;
  // Returned, the world's run is awaited and its result dropped: cucumber-js reads no verdict in it.
  if (doing === 'runs a command and drops its result') return [doing];
  return doing === 'logs' || doing === 'attaches' || doing === 'calls back' || doing === 'asserts on constants' || doing === 'asserts what always holds' ? [doing] : null;
}

/** What a helper's returning EXPRESSION does when it cannot throw: its caller reads the value, if anything does (helperCalled); null when it may throw. */
function returnedValueDoing(expression: Expression, scope: Scope): Doing[] | null {
  if (mayThrow(expression, scope)) return null;
  return settled(expression, scope) ? ['returns'] : [...droppedDoing(expression, scope), 'returns'];
}

/** What an expression whose value is dropped does, when it cannot throw (mayThrow). */
function droppedDoing(expression: Expression, scope: Scope): Doing[] {
  switch (expression.type) {
    case 'CallExpression':
      return [knownCallDoing(expression, scope) ?? 'reads values it compares with nothing'];
    case 'ChainExpression':
      return droppedDoing(expression.expression as Expression, scope);
    case 'NewExpression':
      return [expression.callee.type === 'Identifier' && /Error$/.test(expression.callee.name) ? 'builds an error it never throws' : 'reads values it compares with nothing'];
    case 'AssignmentExpression':
    case 'UpdateExpression':
      return ['sets values'];
    case 'AwaitExpression': {
      const helper = awaitedHelper(expression.argument, scope);
      if (helper !== null) return [helper];
      return [worldRun(expression.argument, scope) ? 'runs a command and drops its result' : 'awaits a settled value'];
    }
    case 'SequenceExpression':
      return expression.expressions.flatMap((e) => droppedDoing(e, scope));
    case 'UnaryExpression':
      return expression.operator === 'void' ? droppedDoing(expression.argument, scope) : ['reads values it compares with nothing'];
    case 'LogicalExpression':
      return ['compares values and drops the result', ...actingDoing(expression.right, scope)];
    case 'ConditionalExpression':
      return ['compares values and drops the result', ...actingDoing(expression.consequent, scope), ...actingDoing(expression.alternate, scope)];
    case 'BinaryExpression':
      return [/^(===|!==|==|!=|<|>|<=|>=|in|instanceof)$/.test(expression.operator) ? 'compares values and drops the result' : 'reads values it compares with nothing'];
    case 'MemberExpression':
      if (propertyAssertionHolds(expression, scope)) return [constantValue(subjectOf(expression.object)!) !== null ? 'asserts on constants' : 'asserts what always holds'];
      return [namesAnAssertion(expression) ? 'names an assertion it never calls' : 'reads values it compares with nothing'];
    case 'Identifier':
      return [expression.name === 'assert' || expression.name === 'expect' ? 'names an assertion it never calls' : 'reads values it compares with nothing'];
    default:
      return ['reads values it compares with nothing'];
  }
}

/** What a branch of a condition does beyond giving a value (`c && console.log(c)`): a call, an assignment, an Error built. */
function actingDoing(expression: Expression, scope: Scope): Doing[] {
  return /^(CallExpression|ChainExpression|NewExpression|AssignmentExpression|UpdateExpression|AwaitExpression|SequenceExpression|LogicalExpression|ConditionalExpression)$/.test(expression.type) ? droppedDoing(expression, scope) : [];
}

/** `assert.equal`, `expect`, `x.should`: an assertion named and never called. */
function namesAnAssertion(expression: Expression & { type: 'MemberExpression' }): boolean {
  let root: Expression | Super = expression;
  while (root.type === 'MemberExpression') root = root.object;
  const name = !expression.computed && expression.property.type === 'Identifier' ? expression.property.name : '';
  return (root.type === 'Identifier' && (root.name === 'assert' || root.name === 'expect')) || HOLDS_WHEN.has(name);
}

type Node = Expression | Pattern | SpreadElement | Super | PrivateIdentifier;

/**
 * Whether evaluating EXPRESSION may throw. A name, `this`, a literal, a function written
 * (not called), an operator on such do not (a conversion that throws, as of a Symbol, is left
 * out); a call does, unless of a function known never to (knownCallDoing); so does a property
 * read of a value that may be null or undefined, an `await` of anything but a settled value,
 * a constructor other than an Error's or a collection's, `delete`, `in` and `instanceof`.
 */
function mayThrow(expression: Node, scope: Scope): boolean {
  const any = (nodes: (Node | null)[]) => nodes.some((node) => node !== null && mayThrow(node, scope));
  switch (expression.type) {
    case 'Literal':
    case 'Identifier':
    case 'ThisExpression':
    case 'MetaProperty':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return false;
    case 'TemplateLiteral':
      return any(expression.expressions);
    case 'ArrayExpression':
      return any(expression.elements);
    case 'SpreadElement':
      // Spread in an array or a call iterates its value: only an array written so is known to be iterable.
      return expression.argument.type !== 'ArrayExpression' || mayThrow(expression.argument, scope);
    case 'ObjectExpression':
      return expression.properties.some((property) =>
        property.type === 'SpreadElement' ? mayThrow(property.argument, scope) : (property.computed && mayThrow(property.key, scope)) || mayThrow(property.value as Expression, scope),
      );
    case 'UnaryExpression':
      return expression.operator === 'delete' || mayThrow(expression.argument, scope);
    case 'UpdateExpression':
      return mayThrow(expression.argument, scope);
    case 'BinaryExpression':
      if (expression.operator === 'in' && expression.right.type !== 'ThisExpression' && expression.right.type !== 'ObjectExpression') return true;
      if (expression.operator === 'instanceof' && expression.right.type !== 'Identifier') return true;
      return any([expression.left, expression.right]);
    case 'LogicalExpression':
      return any([expression.left, expression.right]);
    case 'ConditionalExpression':
      return any([expression.test, expression.consequent, expression.alternate]);
    case 'SequenceExpression':
      return any(expression.expressions);
    case 'AssignmentExpression':
      // A pattern assigned to reads properties of its value.
      return (expression.left.type !== 'Identifier' && expression.left.type !== 'MemberExpression') || any([expression.left, expression.right]);
    case 'ChainExpression':
      return mayThrow(expression.expression, scope);
    case 'MemberExpression':
      if (propertyAssertionHolds(expression, scope)) return false;
      if (expression.object.type === 'Super' || expression.property.type === 'PrivateIdentifier') return true;
      return mayThrow(expression.object, scope) || (!expression.optional && mayBeNullish(expression.object, scope)) || (expression.computed && mayThrow(expression.property, scope));
    case 'CallExpression':
      return knownCallDoing(expression, scope) === null;
    case 'NewExpression':
      return !(expression.callee.type === 'Identifier' && (/Error$/.test(expression.callee.name) || (NEW_NEVER_THROWS.has(expression.callee.name) && expression.arguments.length === 0))) || any(expression.arguments);
    case 'AwaitExpression':
      return !settled(expression.argument, scope) && !worldRun(expression.argument, scope) && awaitedHelper(expression.argument, scope) === null;
    default:
      // A tagged template (a call), a class (its static parts run), an import, a pattern.
      return true;
  }
}

/** Constructors that cannot throw when given nothing. */
const NEW_NEVER_THROWS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Date', 'Object', 'Array']);

/** Expressions whose value is always an object (so neither nullish nor falsy), whatever the world holds: `this`, a literal object, array, function or class, `new`. */
const ALWAYS_OBJECTS = new Set(['ThisExpression', 'ObjectExpression', 'ArrayExpression', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression', 'NewExpression']);

/** Whether EXPRESSION's value may be null or undefined: a property read of it may then throw. A name the function does not declare is the module's (see moduleReading), or a catch's error. */
function mayBeNullish(expression: Node, scope: Scope): boolean {
  if (ALWAYS_OBJECTS.has(expression.type)) return false;
  switch (expression.type) {
    case 'TemplateLiteral':
    case 'BinaryExpression':
    case 'UpdateExpression':
      return false;
    case 'Literal':
      return expression.value === null && !('regex' in expression && expression.regex);
    case 'Identifier':
      return expression.name === 'undefined' || scope.names.has(expression.name) || scope.module.names.has(expression.name);
    case 'UnaryExpression':
      return expression.operator === 'void';
    case 'AssignmentExpression':
      return expression.operator !== '=' || mayBeNullish(expression.right, scope);
    case 'SequenceExpression':
      return mayBeNullish(expression.expressions.at(-1)!, scope);
    case 'LogicalExpression':
      return mayBeNullish(expression.right, scope) || (expression.operator === '&&' && mayBeNullish(expression.left, scope));
    case 'ConditionalExpression':
      return mayBeNullish(expression.consequent, scope) || mayBeNullish(expression.alternate, scope);
    default:
      return true;
  }
}

/**
 * What CALL does when it cannot throw, or null when it may: a log (console's, whatever its
 * method: `console.assert` too never throws; the world's log and attach), calling back with no error, an assertion that
 * always holds, a builtin that never throws; its callee and arguments read without throwing.
 */
function knownCallDoing(call: CallExpression, scope: Scope): Doing | null {
  if (call.arguments.some((arg) => mayThrow(arg, scope))) return null;
  const callee = call.callee;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.object.name === 'console') return 'logs';
  // The world's own reporting (step-world.ts): it only records what it is given, whatever that is.
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'ThisExpression' && scope.world && callee.property.type === 'Identifier' && WORLD_REPORTS.has(callee.property.name)) return WORLD_REPORTS.get(callee.property.name)!;
  if (worldRun(call, scope)) return 'runs a command and drops its result';
  if (callee.type === 'Identifier' && callee.name === scope.callback) return call.arguments.every(isNoValue) ? 'calls back' : null;
  const holds = assertionHolds(call, scope);
  if (holds !== null) return holds;
  const helper = helperCalled(call, scope);
  if (helper !== null) return `calls its helper ${helper.name}, which ${helper.body}`;
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.property.type === 'Identifier' ? `${callee.object.name}.${callee.property.name}` : '';
  return NEVER_THROWS.get(name) ?? null;
}

/**
 * Whether EXPRESSION is a call of the world's `this.run(...)` (its arguments read without
 * throwing): it resolves with the command's result whatever its exit code, as `spec-run exec`
 * reports it, so awaiting it, or returning it, checks nothing until a statement reads that
 * result (`assert.equal(result.exitCode, 0)`). Its rejection (options it refuses) is a mistake
 * of the step, not the check its step states.
 */
function worldRun(expression: Expression, scope: Scope): boolean {
  const call = expression.type === 'ChainExpression' ? expression.expression : expression;
  if (call.type !== 'CallExpression' || !scope.world) return false;
  const callee = call.callee;
  return callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier' && callee.property.name === 'run' && !call.arguments.some((arg) => mayThrow(arg, scope));
}

/** The world's methods that only report (`this.log(...)`, `this.attach(...)`): spec-run's world is every scenario's, and they never throw. */
const WORLD_REPORTS = new Map<string, Doing>([
  ['log', 'logs'],
  ['attach', 'attaches'],
]);

/** Builtins that never throw, whatever their arguments, by name. */
const NEVER_THROWS = new Map<string, Doing>([
  ['Boolean', 'reads values it compares with nothing'],
  ['Array.isArray', 'reads values it compares with nothing'],
  ['Number.isNaN', 'reads values it compares with nothing'],
  ['Number.isFinite', 'reads values it compares with nothing'],
  ['Number.isInteger', 'reads values it compares with nothing'],
  ['Object.is', 'compares values and drops the result'],
]);

/**
 * A value whose awaiting or returning cannot fail: a constant other than one cucumber-js reads
 * as a verdict (false, 'pending', 'skipped'), a literal of constants, `void` of what cannot
 * throw, or a promise resolved to such.
 */
function settled(expression: Expression, scope: Scope): boolean {
  const value = constantValue(expression);
  if (value !== null) return value.value !== false && value.value !== 'pending' && value.value !== 'skipped';
  if (constantLiteral(expression)) return true;
  if (expression.type === 'UnaryExpression' && expression.operator === 'void') return !mayThrow(expression.argument, scope);
  const call = expression.type === 'CallExpression' ? expression : null;
  return call !== null && isMember(call.callee, 'Promise', 'resolve') && (call.arguments.length === 0 || (call.arguments.length === 1 && call.arguments[0].type !== 'SpreadElement' && settled(call.arguments[0], scope)));
}

/**
 * An object or array literal of constants (`{}`, `[]`, `{ ok: true }`): evaluating it cannot
 * throw, and returned it is neither false nor a promise. A `then` key would make it one, which
 * cucumber-js awaits; a computed key, a spread, a getter or a method runs code.
 */
function constantLiteral(expression: Expression | SpreadElement | null): boolean {
  if (expression === null) return true;
  if (expression.type === 'ArrayExpression') return expression.elements.every((element) => element === null || constantValue(element) !== null || constantLiteral(element));
  if (expression.type !== 'ObjectExpression') return false;
  return expression.properties.every(
    (property) =>
      property.type === 'Property' &&
      property.kind === 'init' &&
      !property.method &&
      !property.computed &&
      !(property.key.type === 'Identifier' ? property.key.name === 'then' : property.key.type === 'Literal' && property.key.value === 'then') &&
      (constantValue(property.value as Expression) !== null || constantLiteral(property.value as Expression)),
  );
}

/** Whether BLOCK returns a value that is not settled (a try does not catch the rejection of a promise it returns), or defines a function (whose throws no catch here sees). */
function returnsUnsettled(block: AnyNode, scope: Scope): boolean {
  let found = false;
  visit(block, (node) => {
    if (node.type === 'ReturnStatement' && node.argument != null && !settled(node.argument, scope)) found = true;
    if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionDeclaration' || node.type === 'ClassExpression' || node.type === 'ClassDeclaration') found = true;
  });
  return found;
}

/** Calls VISITOR on NODE and every node within it. */
function visit(node: AnyNode, visitor: (node: AnyNode) => void): void {
  visitor(node);
  for (const value of Object.values(node) as unknown[]) {
    for (const child of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (child !== null && typeof child === 'object' && typeof (child as AnyNode).type === 'string') visit(child as AnyNode, visitor);
    }
  }
}

/** The value of a constant expression (a literal, `undefined`, `void 0`, `!0`, `-1`, a template without substitutions), or null. */
function constantValue(expression: Node): { value: unknown } | null {
  switch (expression.type) {
    case 'Literal':
      return 'regex' in expression && expression.regex ? null : { value: expression.value };
    case 'Identifier':
      return expression.name === 'undefined' ? { value: undefined } : expression.name === 'NaN' ? { value: NaN } : expression.name === 'Infinity' ? { value: Infinity } : null;
    case 'TemplateLiteral':
      return expression.expressions.length === 0 ? { value: expression.quasis.map((q) => q.value.cooked).join('') } : null;
    case 'UnaryExpression': {
      const inner = constantValue(expression.argument);
      if (inner === null) return null;
      if (expression.operator === 'void') return { value: undefined };
      if (expression.operator === '!') return { value: !inner.value };
      if (expression.operator === '-' && typeof inner.value === 'number') return { value: -inner.value };
      return null;
    }
    default:
      return null;
  }
}

/** What an assertion is known to be given: a constant, or a value always truthy whatever the world holds (an object, an array, a function, `this`, `typeof x`, a non-empty template); null when neither. */
function knownValue(expression: Node): { value: unknown } | 'truthy' | null {
  const value = constantValue(expression);
  if (value !== null) return value;
  if (ALWAYS_OBJECTS.has(expression.type)) return 'truthy';
  switch (expression.type) {
    case 'Literal':
      return 'truthy';
    case 'UnaryExpression':
      return expression.operator === 'typeof' ? 'truthy' : null;
    case 'TemplateLiteral':
      return expression.quasis.some((quasi) => quasi.value.cooked) ? 'truthy' : null;
    default:
      return null;
  }
}

/** `null`, `undefined`, `void 0`: what a callback is called with when nothing failed. */
function isNoValue(arg: Expression | SpreadElement): boolean {
  const value = constantValue(arg);
  return value !== null && value.value == null;
}

function isMember(callee: Expression | Super, object: string, property: string): boolean {
  return callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === object && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === property;
}

/** Node's assert (`assert(c)`, `assert.X(...)`, `assert.strict.X(...)`) and expect's (`expect(a).toBe(b)`, `expect(a).to.equal(b)`) that compare, by name. */
const HOLDS_WHEN = new Map<string, (values: unknown[]) => boolean>([
  ['ok', ([v]) => Boolean(v)],
  ['equal', ([a, b]) => Object.is(a, b) || a == b],
  ['strictEqual', ([a, b]) => Object.is(a, b)],
  ['deepEqual', ([a, b]) => Object.is(a, b)],
  ['deepStrictEqual', ([a, b]) => Object.is(a, b)],
  ['notEqual', ([a, b]) => a != b],
  ['notStrictEqual', ([a, b]) => !Object.is(a, b)],
  ['toBe', ([a, b]) => Object.is(a, b)],
  ['toEqual', ([a, b]) => Object.is(a, b)],
  ['toStrictEqual', ([a, b]) => Object.is(a, b)],
  ['eql', ([a, b]) => Object.is(a, b)],
  // chai's assert and jest's expect, of one value.
  ['isTrue', ([v]) => v === true],
  ['isFalse', ([v]) => v === false],
  ['isOk', ([v]) => Boolean(v)],
  ['isNotOk', ([v]) => !v],
  ['isNull', ([v]) => v === null],
  ['isNotNull', ([v]) => v !== null],
  ['isUndefined', ([v]) => v === undefined],
  ['isDefined', ([v]) => v !== undefined],
  ['toBeTruthy', ([v]) => Boolean(v)],
  ['toBeFalsy', ([v]) => !v],
  ['toBeNull', ([v]) => v === null],
  ['toBeUndefined', ([v]) => v === undefined],
  ['toBeDefined', ([v]) => v !== undefined],
]);

/** The assertions of HOLDS_WHEN that read one value; the others compare two. */
const OF_ONE_VALUE = new Set(['ok', 'isTrue', 'isFalse', 'isOk', 'isNotOk', 'isNull', 'isNotNull', 'isUndefined', 'isDefined', 'toBeTruthy', 'toBeFalsy', 'toBeNull', 'toBeUndefined', 'toBeDefined']);

/** The assertions of one value (by a call or, chai's, a property read) that any truthy value passes. */
const TRUTHY_PASSES = new Set(['ok', 'isOk', 'isNotNull', 'isDefined', 'toBeTruthy', 'toBeDefined', 'exist']);

/** chai's assertions by a property read (`expect(true).to.be.true`), which a getter runs, by name. */
const PROPERTY_HOLDS = new Map<string, (value: unknown) => boolean>([
  ['true', (v) => v === true],
  ['false', (v) => v === false],
  ['ok', (v) => Boolean(v)],
  ['null', (v) => v === null],
  ['undefined', (v) => v === undefined],
  ['exist', (v) => v != null],
  ['NaN', (v) => Number.isNaN(v)],
]);

/**
 * Whether CALL is an assertion that holds whatever the world and the step's values are:
 * one on constants that holds, or one of a single value that any truthy value passes, given
 * one always truthy (`assert.ok(this)`, `assert.ok([x === n])`). One that never holds
 * (`assert.ok(false)`, a stub that fails on purpose) fails every run, and one given a value
 * read from the world or an argument may fail. Said as what the body does; null otherwise.
 */
function assertionHolds(call: CallExpression, scope: Scope): Doing | null {
  const callee = call.callee;
  let name: string;
  let values: (Expression | SpreadElement)[];
  if (callee.type === 'Identifier') {
    if (callee.name !== 'assert') return null;
    [name, values] = ['ok', call.arguments];
  } else if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    name = callee.property.name;
    const base = callee.object;
    if ((base.type === 'Identifier' && base.name === 'assert') || isMember(base, 'assert', 'strict')) values = call.arguments;
    else {
      const subject = subjectOf(base);
      if (subject === null || mayThrow(subject, scope)) return null;
      values = [subject, ...call.arguments];
    }
  } else return null;
  const holds = HOLDS_WHEN.get(name);
  const read = values.slice(0, OF_ONE_VALUE.has(name) ? 1 : 2).map(knownValue);
  if (!holds || read.length < (OF_ONE_VALUE.has(name) ? 1 : 2) || read.some((value) => value === null)) return null;
  if (read.every((value) => value !== 'truthy')) return holds(read.map((value) => (value as { value: unknown }).value)) ? 'asserts on constants' : null;
  return read.length === 1 && TRUTHY_PASSES.has(name) ? 'asserts what always holds' : null;
}

/** Whether the property read EXPRESSION is a chai assertion that holds (`expect(1).to.be.ok`, `expect(this).to.exist`): it can never throw. */
function propertyAssertionHolds(expression: Expression & { type: 'MemberExpression' }, scope: Scope): boolean {
  if (expression.computed || expression.property.type !== 'Identifier') return false;
  const subject = subjectOf(expression.object);
  const value = subject === null || mayThrow(subject, scope) ? null : knownValue(subject);
  if (value === null) return false;
  if (value === 'truthy') return TRUTHY_PASSES.has(expression.property.name);
  return PROPERTY_HOLDS.get(expression.property.name)?.(value.value) === true;
}

/** X of `expect(X)` followed by words (`.to.be`), never `.not`, up to a matcher; null for anything else. */
function subjectOf(chain: Expression | Super): Expression | null {
  let subject = chain;
  while (subject.type === 'MemberExpression' && !subject.computed && subject.property.type === 'Identifier' && subject.property.name !== 'not') subject = subject.object;
  if (subject.type !== 'CallExpression' || subject.callee.type !== 'Identifier' || subject.callee.name !== 'expect' || subject.arguments.length !== 1) return null;
  const only = subject.arguments[0];
  return only.type === 'SpreadElement' ? null : only;
}
