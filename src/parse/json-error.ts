// Why JSON written in a markdown document (or a configuration file) does not parse, at its
// line and column there: V8 says a character position at best ("at position 33"), for an
// unexpected token nothing, so the place is found by reading the text by JSON's grammar.
// Not jsonc-parser, which gives the offset too: it recurses per level of nesting and
// throws RangeError on a block of 200 000 `[`, which a document may hold.
import { placeInDocument, type BlockPlace } from './block-place.js';

export interface JsonSyntaxError {
  /** Line in the document (or file) the text stands in. */
  line: number;
  column: number;
  /** V8's complaint, without its position or its echo of the text. */
  message: string;
}

/** Why TEXT, standing AT in its document, is no JSON, placed there; null when it parses. */
export function jsonError(text: string, at: BlockPlace = { line: 1 }): JsonSyntaxError | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const before = text.slice(0, jsonErrorOffset(text)).split('\n');
    const message = (error as Error).message.replace(/^(Unexpected token '.*?'), .* is not valid JSON$/s, '$1').replace(/ (?:in JSON )?at position \d+.*$/s, '');
    return { ...placeInDocument(at, before.length, before.at(-1)!.length + 1), message: message.split('\n')[0] };
  }
}

const CLOSING = { '{': '}', '[': ']' } as const;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * The offset in TEXT of the first character that keeps it from being JSON (its length when
 * it ends too soon, -1 when it is JSON). Read with a stack, not recursion: a block may nest
 * deeper than the call stack goes.
 */
export function jsonErrorOffset(text: string): number {
  const open: ('{' | '[')[] = [];
  let i = 0;
  const blank = () => {
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i++;
  };
  /** Reads a string at i; false, with i at the character at fault, when it is none. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < text.length; ) {
      const char = text[i];
      if (char === '"') {
        i++;
        return true;
      }
      if (char < ' ') return false;
      if (char !== '\\') i++;
      else {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) return false;
        i = ESCAPE.lastIndex;
      }
    }
    return false;
  };
  /** Reads a key and its colon at i, after a `{` or a `,` of an object. */
  const key = (): boolean => {
    blank();
    if (!string()) return false;
    blank();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  /** Reads true, false, null or a number at i; false, with i at the character at fault, when it is none. */
  const scalar = (): boolean => {
    const word = ['true', 'false', 'null'].find((candidate) => candidate[0] === text[i]);
    if (word) {
      for (const char of word) {
        if (text[i] !== char) return false;
        i++;
      }
      return true;
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };
  for (;;) {
    // A value is due.
    blank();
    const char = text[i];
    if (char === '{' || char === '[') {
      i++;
      blank();
      if (text[i] === CLOSING[char]) i++;
      else {
        open.push(char);
        if (char === '{' && !key()) return i;
        continue;
      }
    } else if (!(char === '"' ? string() : scalar())) return i;
    // A value was read: what may follow it.
    for (;;) {
      blank();
      const container = open.at(-1);
      if (container === undefined) return i < text.length ? i : -1;
      if (text[i] === CLOSING[container]) {
        i++;
        open.pop();
      } else if (text[i] === ',') {
        i++;
        if (container === '{' && !key()) return i;
        break;
      } else return i;
    }
  }
}
