// Node writes Lisp text for SBCL in several places (image builds, worker requests,
// driver commands); a string literal is spelled the same way in all of them.

/** A Lisp string literal holding `text`: only `\` and `"` need escaping for the reader. */
export function lispString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
