import t from 'tap';
import { join } from 'node:path';
import { changeFilesFor } from '../../src/cli/change-watch.js';

t.test('what a save runs again under --watch --change: the capabilities it affects, each as its delta and current spec; nothing the change does not touch', async (t) => {
  const dir = t.testdir({
    openspec: {
      specs: { auth: { 'spec.md': '# auth\n' }, cart: { 'spec.md': '# cart\n' }, billing: { 'spec.md': '# billing\n' } },
      changes: {
        c1: { specs: { auth: { 'spec.md': '## ADDED\n' }, search: { 'spec.md': '## ADDED\n' } } },
        c2: { specs: { cart: { 'spec.md': '## ADDED\n' } } },
      },
    },
  });
  const at = (file: string) => join(dir, 'openspec', file);
  const known = ['specs/auth/spec.md', 'specs/cart/spec.md', 'specs/billing/spec.md', 'changes/c1/specs/auth/spec.md', 'changes/c1/specs/search/spec.md', 'changes/c2/specs/cart/spec.md'].map(at);
  const read = (saved: string[]) => changeFilesFor(saved.map(at), known, 'c1').map((f) => f.slice(at('').length + 1)).sort();
  t.same(read(['changes/c1/specs/auth/spec.md']), ['changes/c1/specs/auth/spec.md', 'specs/auth/spec.md'], 'a saved delta: its capability, with its current spec');
  t.same(read(['specs/auth/spec.md']), ['changes/c1/specs/auth/spec.md', 'specs/auth/spec.md'], "a saved current spec: its capability, with the change's delta");
  t.same(read(['changes/c1/specs/search/spec.md']), ['changes/c1/specs/search/spec.md'], 'a capability the change creates: its delta alone');
  t.same(read(['specs/cart/spec.md', 'changes/c2/specs/cart/spec.md', 'specs/billing/spec.md']), [], "another change's delta, capabilities the change leaves alone: nothing");
  t.same(read(known.map((f) => f.slice(at('').length + 1))), ['changes/c1/specs/auth/spec.md', 'changes/c1/specs/search/spec.md', 'specs/auth/spec.md'], 'every document (a steps file saved): every capability the change touches');
  t.same(read(['changes/c1/specs/gone/spec.md']), [], 'a delta deleted: its capability is no longer touched');
});
