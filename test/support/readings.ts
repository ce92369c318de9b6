// The texts of the facts the interpreter reads a Then or a When as, or null where it leaves the sentence unread.
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { readWhen } from '../../src/run/scenario/interpreter/when.js';

export const thenParts = (s: string) => {
  const r = readThen(s);
  return r.ok ? r.parts.map((p) => p.text) : null;
};
export const whenParts = (s: string) => {
  const r = readWhen(s);
  return r.ok ? r.parts.map((p) => p.text) : null;
};
