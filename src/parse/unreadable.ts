// What a stage says when reading a document failed in a way no rule foresaw (input
// nested past the stack, a library's own limit): a problem of that document, never a
// crash of the run.

/** True for the error of input nested past the call stack. */
export const exhaustedTheStack = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message);

/** The message of a problem for an error thrown while `doing` something with a document. */
export function unreadableMessage(doing: string, error: unknown): string {
  if (exhaustedTheStack(error)) {
    return `${doing} failed: the document is nested too deeply to read (the call stack was exhausted)`;
  }
  return `${doing} failed: ${error instanceof Error ? error.message : String(error)}`;
}
