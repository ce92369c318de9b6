// JSON to Lisp: the driver reads what spec-run sends with the standard Lisp
// reader, so JSON is converted here into s-expression text. The conversion works
// on the JSON text itself (after JSON.parse has checked it) so that a number keeps
// its kind: 3 becomes the integer 3 and 3.0 the double-float 3.0d0.
//
// Mapping (the test vocabulary's): an object is an alist keyed by keywords made
// of the JSON key upper-cased ("isError" -> :ISERROR), an array is a list, true is
// T, false and null are NIL. In "tagged" mode an object is instead
// (:object ("key" . value)...), keeping its keys as strings for hash tables.

import { lispString } from '../../lisp-image/lisp-string.js';

export { lispString };

export type ObjectMode = 'alist' | 'tagged';

/** Upper-cases as the Lisp reader does: character by character, never changing the length. */
function upcaseLikeLisp(text: string): string {
  let out = '';
  for (const char of text) {
    const upper = char.toUpperCase();
    out += [...upper].length === 1 ? upper : char;
  }
  return out;
}

/** The keyword a JSON key becomes, e.g. :|ISERROR|. */
export function lispKeyword(key: string): string {
  return `:|${upcaseLikeLisp(key).replace(/[\\|]/g, (c) => `\\${c}`)}|`;
}

/** A JSON number's text as Lisp number text: integers stay integers, the rest become double-floats. */
export function lispNumber(text: string): string {
  const match = /^(-?\d+)(\.\d+)?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) throw new Error(`not a JSON number: ${text}`);
  const [, whole, fraction, exponent] = match;
  if (fraction === undefined && exponent === undefined) return whole;
  return `${whole}${fraction ?? ''}d${exponent ?? '0'}`;
}

/** Converts JSON text to Lisp s-expression text; throws on invalid JSON. */
export function jsonToLisp(json: string, mode: ObjectMode = 'alist'): string {
  JSON.parse(json); // validity, with JSON.parse's own error message
  let i = 0;
  const skip = () => {
    while (i < json.length && ' \t\n\r'.includes(json[i])) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(json.slice(start, i)) as string;
  };
  const value = (): string => {
    skip();
    const c = json[i];
    if (c === '{') {
      i++;
      const entries: string[] = [];
      skip();
      if (json[i] === '}') i++;
      else {
        for (;;) {
          skip();
          const key = readString();
          skip();
          i++; // ':'
          const item = value();
          entries.push(`(${mode === 'alist' ? lispKeyword(key) : lispString(key)} . ${item})`);
          skip();
          if (json[i++] === '}') break;
        }
      }
      if (mode === 'tagged') return `(:object${entries.map((e) => ` ${e}`).join('')})`;
      return entries.length ? `(${entries.join(' ')})` : 'NIL';
    }
    if (c === '[') {
      i++;
      const items: string[] = [];
      skip();
      if (json[i] === ']') i++;
      else {
        for (;;) {
          items.push(value());
          skip();
          if (json[i++] === ']') break;
        }
      }
      return items.length ? `(${items.join(' ')})` : 'NIL';
    }
    if (c === '"') return lispString(readString());
    for (const [word, lisp] of [
      ['true', 'T'],
      ['false', 'NIL'],
      ['null', 'NIL'],
    ] as const) {
      if (json.startsWith(word, i)) {
        i += word.length;
        return lisp;
      }
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(i, i + 400))![0];
    i += number.length;
    return lispNumber(number);
  };
  return value();
}
