// Whether a step definition's body holds any statement, read from its source text as the
// engine keeps it (for a TypeScript steps file, the text after compilation): a Then whose
// body is empty checks nothing, however its step reads.

/**
 * Whether FN's body does nothing: a block with no statement in it but a bare `return` (`function
 * (n) {}`, `() => {}`, `async function () { // TODO }`, `function () { return; }`), or an arrow
 * whose expression is no value (`() => undefined`, `() => null`, `() => void 0`). False when its
 * source cannot be read (native code) or it may do something (`n => n > 0`).
 */
export function hasEmptyBody(fn: (...args: never[]) => unknown): boolean {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return false;
  }
  const body = bodyStart(source);
  if (body === null) return false;
  if (body.kind === 'expression') return NO_VALUE.test(source.slice(skipNothing(source, body.at)).trim());
  let at = skipNothing(source, body.at + 1);
  const bareReturn = BARE_RETURN.exec(source.slice(at));
  if (bareReturn) at = skipNothing(source, at + bareReturn[0].length);
  return source[at] === '}' && source.slice(at + 1).trim() === '';
}

/** An expression that is no value, parenthesised or not. */
const NO_VALUE = /^\(*\s*(?:undefined|null|void\s+0)\s*\)*$/;
/** `return`, of no value, ended by `;`, a line's end or the body's `}`. */
const BARE_RETURN = /^return(?:\s+(?:undefined|null|void\s+0))?\s*(?:;|(?=})|\n)/;

/**
 * Where the body of the function whose source is SOURCE begins: the `{` of a block (the first
 * one outside the parameter list's parentheses and brackets, since defaults and patterns may
 * hold braces, which for an arrow must follow its `=>` directly), or an arrow's expression. Null
 * for a source this reading cannot follow (native code).
 */
function bodyStart(source: string): { kind: 'block' | 'expression'; at: number } | null {
  let depth = 0;
  for (let i = 0; i < source.length; ) {
    const after = skipLiteral(source, i);
    if (after !== i) {
      i = after;
      continue;
    }
    const c = source[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0 && c === '=' && source[i + 1] === '>') {
      const start = skipNothing(source, i + 2);
      return source[start] === '{' ? { kind: 'block', at: start } : { kind: 'expression', at: start };
    } else if (depth === 0 && c === '{') return { kind: 'block', at: i };
    i += 1;
  }
  return null;
}

/** The index past what starts at I when it is a string, a template or a comment; I otherwise. */
function skipLiteral(source: string, i: number): number {
  const c = source[i];
  if (c === '/' && source[i + 1] === '/') {
    const end = source.indexOf('\n', i);
    return end === -1 ? source.length : end + 1;
  }
  if (c === '/' && source[i + 1] === '*') {
    const end = source.indexOf('*/', i + 2);
    return end === -1 ? source.length : end + 2;
  }
  if (c === '"' || c === "'" || c === '`') {
    for (let j = i + 1; j < source.length; j++) {
      if (source[j] === '\\') j += 1;
      else if (source[j] === c) return j + 1;
    }
    return source.length;
  }
  return i;
}

/** The index of the first thing from I that is no whitespace, comment or empty statement (`;`). */
function skipNothing(source: string, i: number): number {
  while (i < source.length) {
    const after = skipLiteral(source, i);
    const isComment = after !== i && source[i] === '/';
    if (isComment) i = after;
    else if (/[\s;]/.test(source[i])) i += 1;
    else break;
  }
  return i;
}
