// Which reader conditionals SBCL reads: what `#+ccl (verify-x)` leaves out is no call of
// verify-x, so a function called only there is called by nothing. Features are judged as
// SBCL on Linux has them; any other is absent (`#+nil`, `#+ignore`, another Lisp's). A
// feature a document pushes itself is taken as absent for calls: a function called only
// behind it then runs as a unit besides, never a check left unrun for a call that did not
// happen. Given the features a document pushes (pushedFeatures), a conditional on one of
// them cannot be told here: the run reads it under the features of its place.
import { type LispNode, unqualified } from './lisp-forms.js';

/** Features SBCL on Linux has (Debian's, on x86-64 or arm64). */
const SBCL_FEATURES = new Set(['x86-64', 'arm64', 'sbcl', 'common-lisp', 'ansi-cl', 'ieee-floating-point', 'unix', 'linux', 'elf', 'gencgc', '64-bit', 'little-endian', 'package-local-nicknames', 'sb-thread', 'sb-unicode', 'sb-package-locks', 'sb-core-compression', 'sb-ldb']);

const NO_FEATURES: ReadonlySet<string> = new Set();

/** Whether SBCL has the feature expression NODE: true, false, or null when it cannot be told here (one of PUSHED, features the document pushes). */
export function sbclHasFeature(node: LispNode, pushed: ReadonlySet<string> = NO_FEATURES): boolean | null {
  if (node.kind === 'symbol') return pushed.has(node.name.replace(/^:/, '')) ? null : SBCL_FEATURES.has(node.name.replace(/^:/, ''));
  if (node.kind !== 'list') return null;
  const [head, ...rest] = node.items;
  if (head?.kind !== 'symbol') return null;
  const values = rest.map((item) => sbclHasFeature(item, pushed));
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

/** Whether SBCL leaves out the form after `#+FEATURE` or `#-FEATURE` (PREFIX): true only where that is certain (see sbclHasFeature). */
export function sbclSkips(prefix: '#+' | '#-', feature: LispNode, pushed: ReadonlySet<string> = NO_FEATURES): boolean {
  const has = sbclHasFeature(feature, pushed);
  return has !== null && has === (prefix === '#-');
}

/** The features NODES push onto `*features*` where they run: `(pushnew :f *features*)`, `(push :f *features*)`, `(setf *features* (cons :f *features*))`. */
export function pushedFeatures(nodes: LispNode[]): Set<string> {
  const found = new Set<string>();
  const isFeatures = (node: LispNode | undefined) => node?.kind === 'symbol' && unqualified(node.name) === '*features*';
  const keyword = (node: LispNode | undefined) => (node?.kind === 'symbol' && node.name.startsWith(':') ? node.name.slice(1) : null);
  const visit = (node: LispNode): void => {
    if (node.kind === 'conditional' || (node.kind === 'prefixed' && !/^['`]$/.test(node.prefix))) return visit(node.form);
    if (node.kind !== 'list') return;
    const [head, first, second, third] = node.items;
    const operator = head?.kind === 'symbol' ? unqualified(head.name) : null;
    if ((operator === 'push' || operator === 'pushnew') && isFeatures(second)) keyword(first) !== null && found.add(keyword(first)!);
    if ((operator === 'setf' || operator === 'setq') && isFeatures(first) && third === undefined && second?.kind === 'list') {
      const [made, item] = second.items;
      if (made?.kind === 'symbol' && ['cons', 'adjoin'].includes(unqualified(made.name)) && keyword(item) !== null) found.add(keyword(item)!);
    }
    node.items.forEach(visit);
  };
  nodes.forEach(visit);
  return found;
}
