// Which reader conditionals SBCL reads: what `#+ccl (verify-x)` leaves out is no call of
// verify-x, so a function called only there is called by nothing. Features are judged as
// SBCL on Linux has them; any other is absent (`#+nil`, `#+ignore`, another Lisp's). A
// feature a document pushes itself is taken as absent too: a function called only behind it
// then runs as a unit besides, never a check left unrun for a call that did not happen.
import type { LispNode } from './lisp-forms.js';

/** Features SBCL on Linux has (Debian's, on x86-64 or arm64). */
const SBCL_FEATURES = new Set(['x86-64', 'arm64', 'sbcl', 'common-lisp', 'ansi-cl', 'ieee-floating-point', 'unix', 'linux', 'elf', 'gencgc', '64-bit', 'little-endian', 'package-local-nicknames', 'sb-thread', 'sb-unicode', 'sb-package-locks', 'sb-core-compression', 'sb-ldb']);

/** Whether SBCL has the feature expression NODE: true, false, or null when it cannot be told here. */
export function sbclHasFeature(node: LispNode): boolean | null {
  if (node.kind === 'symbol') return SBCL_FEATURES.has(node.name.replace(/^:/, ''));
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
