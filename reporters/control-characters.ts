// Control characters of a document's or a step's text (an escape sequence in a heading,
// a bell in a step's argument) shown as text, never sent to the terminal or a consumer
// as controls: one in a name could move the cursor and erase the line of a failure.

/** TEXT with each control character but tab and newline written out: `\e` for escape, else `\xHH`. */
export function visibleControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (char) => (char === '\u001b' ? '\\e' : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`));
}
