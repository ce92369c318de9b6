// Whether a step definition's body holds any statement, read from its source text as the
// engine keeps it (for a TypeScript steps file, the text after compilation): a Then whose
// body is empty checks nothing, however its step reads.

/**
 * Whether FN's body is a block with no statement in it: `function (n) {}`, `() => {}`,
 * `async function () { // TODO }`. False when its source cannot be read or is not a
 * function with a block body (an arrow returning an expression does something).
 */
export function hasEmptyBody(fn: (...args: never[]) => unknown): boolean {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return false;
  }
  const open = bodyStart(source);
  if (open === null) return false;
  const close = skipNothing(source, open + 1);
  return source[close] === '}' && source.slice(close + 1).trim() === '';
}

/**
 * Where the `{` that opens the body of the function whose source is SOURCE stands: the
 * first one outside the parameter list's parentheses and brackets (defaults and patterns
 * may hold braces), which for an arrow must follow its `=>` directly. Null for an arrow
 * with an expression body, or a source this reading cannot follow (native code).
 */
function bodyStart(source: string): number | null {
  let depth = 0;
  let arrowEnd: number | null = null;
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
      arrowEnd = i + 2;
      i += 2;
      continue;
    } else if (depth === 0 && c === '{') return arrowEnd === null || skipNothing(source, arrowEnd) === i ? i : null;
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
