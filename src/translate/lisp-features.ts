// Which reader conditionals SBCL reads: what `#+ccl (verify-x)` leaves out is no call of
// verify-x, so a function called only there is called by nothing. Features are judged as
// SBCL on Linux has them; one neither known to SBCL nor another Lisp's own is unknown, and
// a conditional on it counts as read (a call it may hold is a call).
import type { LispNode } from './lisp-forms.js';

/** Features SBCL on this platform has (its *features*, x86-64 Linux or arm64 Linux). */
const SBCL_FEATURES = new Set(['sbcl', 'common-lisp', 'ansi-cl', 'ieee-floating-point', 'unix', 'linux', 'elf', 'gencgc', '64-bit', 'little-endian', 'package-local-nicknames', 'sb-thread', 'sb-unicode', 'sb-package-locks', 'sb-core-compression', 'sb-ldb']);
/** Other Lisps' own features: none is SBCL's. */
const OTHER_LISPS = new Set(['ccl', 'clozure', 'openmcl', 'mcl', 'clisp', 'ecl', 'lispworks', 'allegro', 'franz-inc', 'abcl', 'cmu', 'cmucl', 'clasp', 'mkcl', 'scl', 'cormanlisp', 'genera', 'mezzano', 'lucid', 'gcl', 'xcl', 'lispworks5', 'lispworks6', 'lispworks7', 'lispworks8']);

/** Whether SBCL has the feature expression NODE: true, false, or null when it cannot be told here. */
export function sbclHasFeature(node: LispNode): boolean | null {
  if (node.kind === 'symbol') {
    const name = node.name.replace(/^:/, '');
    return SBCL_FEATURES.has(name) ? true : OTHER_LISPS.has(name) ? false : null;
  }
  if (node.kind !== 'list') return null;
  const [head, ...rest] = node.items;
  if (head?.kind !== 'symbol') return null;
  const values = rest.map(sbclHasFeature);
  switch (head.name.replace(/^:/, '')) {
    case 'or':
      return values.includes(true) ? true : values.includes(null) ? null : false;
    case 'and':
      return values.includes(false) ? false : values.includes(null) ? null : true;
    case 'not':
      return values.length === 1 && values[0] !== null ? !values[0] : null;
    default:
      return null;
  }
}

/** Whether SBCL leaves out the form after `#+FEATURE` or `#-FEATURE` (PREFIX): true only where that is certain. */
export function sbclSkips(prefix: '#+' | '#-', feature: LispNode): boolean {
  const has = sbclHasFeature(feature);
  return has !== null && has === (prefix === '#-');
}
