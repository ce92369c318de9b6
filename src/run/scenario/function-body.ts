// Whether a step definition's body can fail, read from its source text as the engine keeps
// it (for a TypeScript steps file, the text after compilation) and parsed with acorn: a Then
// none of whose statements can throw when the world or its arguments are not as it states
// checks nothing, however its step reads. Read conservatively: a statement this reading does
// not know (a call of a helper, a comparison that throws, an assertion on a value of the
// world's or an argument) may fail, so the body may.
import { parse, type AnyNode, type ArrowFunctionExpression, type CallExpression, type Expression, type FunctionExpression, type Pattern, type PrivateIdentifier, type SpreadElement, type Statement, type Super } from 'acorn';

/** What a body that cannot fail does instead, said after "it only". */
type Doing = 'returns' | 'logs' | 'awaits a settled value' | 'asserts on constants' | 'catches its own failures' | 'calls back' | 'reads values it compares with nothing';

/** What a function's body sees: its parameters and the variables it declared, by name, and its last parameter, which cucumber-js passes a callback in. */
interface Scope {
  names: Set<string>;
  callback: string | null;
}

/** Each definition's body as read once: a step runs it many times. */
const readings = new WeakMap<object, string | null>();

/**
 * What the body of FN does when it cannot fail, said after "it": "is empty", "only logs",
 * "only asserts on constants and returns"; null when it may fail, or its source cannot be
 * read (native code, a generator, a syntax this parser does not know).
 */
export function bodyThatCannotFail(fn: (...args: never[]) => unknown): string | null {
  if (!readings.has(fn)) readings.set(fn, readBody(fn));
  return readings.get(fn) ?? null;
}

function readBody(fn: (...args: never[]) => unknown): string | null {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return null;
  }
  const node = parsedFunction(source);
  if (node === null || node.generator || node.params.some(mayThrowBeforeTheBody)) return null;
  const scope: Scope = { names: new Set(), callback: null };
  for (const param of node.params) visit(param, (inner) => inner.type === 'Identifier' && scope.names.add(inner.name));
  const last = node.params.at(-1);
  if (last?.type === 'Identifier') scope.callback = last.name;
  const doing = node.body.type === 'BlockStatement' ? statementsDoing(node.body.body, scope) : expressionBodyDoing(node.body, scope);
  if (doing === null) return null;
  const said = [...new Set(doing)];
  return said.length === 0 ? 'is empty' : `only ${said.length === 1 ? said[0] : `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`}`;
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
      return [];
    case 'BlockStatement':
      return statementsDoing(statement.body, scope);
    case 'ReturnStatement':
      return statement.argument == null || settled(statement.argument) ? ['returns'] : null;
    case 'ExpressionStatement': {
      const one = expressionDoing(statement.expression, scope);
      return one === null ? null : [one];
    }
    case 'VariableDeclaration': {
      if (!statement.declarations.every((d) => d.id.type === 'Identifier' && (d.init == null || logged(d.init, scope)))) return null;
      for (const d of statement.declarations) if (d.id.type === 'Identifier') scope.names.add(d.id.name);
      return ['reads values it compares with nothing'];
    }
    case 'TryStatement': {
      // A catch that cannot fail swallows whatever the block throws; a value the block returns is not caught (a rejected promise).
      if (!statement.handler || returnsUnsettled(statement.block)) return null;
      if (statement.handler.param?.type === 'Identifier') scope.names.add(statement.handler.param.name);
      const caught = statementsDoing(statement.handler.body.body, scope);
      const last = statement.finalizer ? statementsDoing(statement.finalizer.body, scope) : [];
      return caught === null || last === null || (statement.handler.param && statement.handler.param.type !== 'Identifier') ? null : ['catches its own failures', ...caught, ...last];
    }
    default:
      return null;
  }
}

/** An arrow's expression body: it is returned, or (a call that returns nothing to read) a statement of its own. */
function expressionBodyDoing(body: Expression, scope: Scope): Doing[] | null {
  // A constant returned is a verdict or a status where it is false, 'pending' or 'skipped'.
  if (settled(body) || constantValue(body) !== null) return settled(body) ? ['returns'] : null;
  const one = expressionDoing(body, scope);
  return one === null ? null : [one];
}

/** What an expression statement does when it cannot fail, or null. */
function expressionDoing(expression: Expression, scope: Scope): Doing | null {
  if (expression.type === 'AwaitExpression') return settled(expression.argument) ? 'awaits a settled value' : null;
  if (expression.type === 'UnaryExpression' && expression.operator === 'void') return expressionDoing(expression.argument, scope);
  // A bare name or constant: a property read is left out, since a getter may assert (should.js: `this.x.should.be.ok`).
  if (constantValue(expression) !== null || (expression.type === 'Identifier' && scope.names.has(expression.name))) return 'reads values it compares with nothing';
  if (expression.type === 'MemberExpression') return propertyAssertionHolds(expression) ? 'asserts on constants' : null;
  if (expression.type !== 'CallExpression') return null;
  if (isConsoleCall(expression) && expression.arguments.every((arg) => arg.type !== 'SpreadElement' && logged(arg, scope))) return 'logs';
  if (expression.callee.type === 'Identifier' && expression.callee.name === scope.callback && expression.arguments.every(isNoValue)) return 'calls back';
  return constantAssertionHolds(expression) ? 'asserts on constants' : null;
}

/** A value whose awaiting or returning cannot fail: a constant other than one cucumber-js reads as a verdict (false, 'pending', 'skipped'), or a promise resolved to one. */
function settled(expression: Expression): boolean {
  const value = constantValue(expression);
  if (value !== null) return value.value !== false && value.value !== 'pending' && value.value !== 'skipped';
  if (constantLiteral(expression)) return true;
  const call = expression.type === 'CallExpression' ? expression : null;
  return call !== null && isMember(call.callee, 'Promise', 'resolve') && (call.arguments.length === 0 || (call.arguments.length === 1 && call.arguments[0].type !== 'SpreadElement' && settled(call.arguments[0])));
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
function returnsUnsettled(block: AnyNode): boolean {
  let found = false;
  visit(block, (node) => {
    if (node.type === 'ReturnStatement' && node.argument != null && !settled(node.argument)) found = true;
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

/** Whether reading EXPRESSION to log it cannot throw: constants, parameters, `this`, their properties, and operators on them. */
function logged(expression: Expression | Pattern | SpreadElement | Super | PrivateIdentifier, scope: Scope): boolean {
  switch (expression.type) {
    case 'Identifier':
      return scope.names.has(expression.name) || constantValue(expression) !== null;
    case 'ThisExpression':
      return true;
    case 'MemberExpression':
      return expression.object.type !== 'Super' && logged(expression.object, scope) && (!expression.computed || logged(expression.property, scope));
    case 'TemplateLiteral':
      return expression.expressions.every((e) => logged(e, scope));
    case 'BinaryExpression':
    case 'LogicalExpression':
      return logged(expression.left, scope) && logged(expression.right, scope);
    case 'UnaryExpression':
      return expression.operator !== 'delete' && logged(expression.argument, scope);
    case 'ConditionalExpression':
      return logged(expression.test, scope) && logged(expression.consequent, scope) && logged(expression.alternate, scope);
    case 'ArrayExpression':
      return expression.elements.every((e) => e === null || logged(e, scope));
    default:
      return constantValue(expression as Expression) !== null;
  }
}

/** The value of a constant expression (a literal, `undefined`, `void 0`, `!0`, `-1`, a template without substitutions), or null. */
function constantValue(expression: Expression | Pattern | SpreadElement | Super | PrivateIdentifier): { value: unknown } | null {
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

/** `null`, `undefined`, `void 0`: what a callback is called with when nothing failed. */
function isNoValue(arg: Expression | SpreadElement): boolean {
  const value = constantValue(arg);
  return value !== null && value.value == null;
}

function isConsoleCall(call: CallExpression): boolean {
  return call.callee.type === 'MemberExpression' && call.callee.object.type === 'Identifier' && call.callee.object.name === 'console' && !call.callee.computed;
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
 * Whether CALL is an assertion whose every argument is a constant and which holds: it can
 * never throw. One that never holds (`assert.ok(false)`, a stub that fails on purpose) fails
 * every run, and a call of anything else on constants (a helper of the team's) may fail.
 */
function constantAssertionHolds(call: CallExpression): boolean {
  const values = constantArguments(call.arguments);
  if (values === null) return false;
  const callee = call.callee;
  if (callee.type === 'Identifier') return callee.name === 'assert' && HOLDS_WHEN.get('ok')!(values);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  const holds = HOLDS_WHEN.get(callee.property.name);
  if (!holds) return false;
  const base = callee.object;
  if ((base.type === 'Identifier' && base.name === 'assert') || isMember(base, 'assert', 'strict')) return holds(values);
  const actual = expectedConstant(base);
  return actual !== null && holds([actual.value, ...values]);
}

/** Whether the property read EXPRESSION is a chai assertion on a constant that holds (`expect(1).to.be.ok`): it can never throw. */
function propertyAssertionHolds(expression: Expression & { type: 'MemberExpression' }): boolean {
  if (expression.computed || expression.property.type !== 'Identifier') return false;
  const holds = PROPERTY_HOLDS.get(expression.property.name);
  const actual = holds ? expectedConstant(expression.object) : null;
  return actual !== null && holds!(actual.value);
}

/** The constant of `expect(constant)` followed by words (`.to.be`), never `.not`, up to a matcher; null for anything else. */
function expectedConstant(chain: Expression | Super): { value: unknown } | null {
  let subject = chain;
  while (subject.type === 'MemberExpression' && !subject.computed && subject.property.type === 'Identifier' && subject.property.name !== 'not') subject = subject.object;
  if (subject.type !== 'CallExpression' || subject.callee.type !== 'Identifier' || subject.callee.name !== 'expect' || subject.arguments.length !== 1) return null;
  const actual = constantArguments(subject.arguments);
  return actual === null ? null : { value: actual[0] };
}

function constantArguments(args: (Expression | SpreadElement)[]): unknown[] | null {
  const values = args.map((arg) => constantValue(arg));
  return values.every((v) => v !== null) ? values.map((v) => v!.value) : null;
}
