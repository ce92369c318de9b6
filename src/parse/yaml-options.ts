// How spec-run reads YAML. The library's own warnings (a mapping or a list used as a key,
// turned into a string in plain data) go through process.emitWarning, which Node prints on
// stderr as "(node:PID) Warning: …": nothing a user can act on. What matters in the text is
// in the document's errors, which spec-run places and reports itself.
export const QUIET_YAML = { logLevel: 'error' } as const;
