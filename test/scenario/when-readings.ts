// What a When sentence sets up, read as the interpreter reads it.
import { emptySetup, readWhen, type Setup } from '../../src/run/scenario/interpreter/when.js';

/** The reading of SENTENCE, applied to an empty setup; null when it is not read. */
export function readSetup(sentence: string): { text: string; setup: Setup } | null {
  const reading = readWhen(sentence);
  if (!reading.ok) return null;
  const setup = emptySetup();
  for (const p of reading.parts) p.apply(setup);
  return { text: reading.parts.map((p) => p.text).join('; '), setup };
}
