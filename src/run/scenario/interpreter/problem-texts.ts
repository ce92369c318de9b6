// The texts of a refused configuration's problems, by their shape: a field's path, an error's
// message that opens with one, a problem line with its place. Shared by the lexicon (which
// names a problem by its place) and the texts of the report.

/** A problem line as spec-run exec prints it, its place first (`hooks.yaml:4:16: stop.commands[0].timeout: …`). */
export const problemLine = (text: string) => /^[^\s:]+:\d+:\d+: /.test(text.trim());

/** A configuration field's path (`stop.commands[1].workdir`, `commands[0].timeout`, `stop.defaultTimeout`): what an error names, never a command line. */
export const fieldPath = (text: string) => /^(?:stop\.)?commands\[\d+\](?:\.[A-Za-z]\w*)*$|^stop(?:\.[A-Za-z]\w*|\[\d+\])+$/.test(text);

/** An error's message about a field, its path first (`stop.commands[0].run: is required`): never a command line. */
export const fieldMessage = (text: string) => {
  const m = /^([^\s:]+):\s/.exec(text.trim());
  return m !== null && fieldPath(m[1]);
};

/** A text only a refused configuration's problems hold: a field's path, its message about a field, or its line with a place. */
export const problemText = (text: string) => fieldPath(text.trim()) || fieldMessage(text) || problemLine(text);
