// `spec-run check openspec/changes/<change>` (or its delta file), the natural step before an
// archive, said "no check found … nothing to run" (exit 2) of a change whose delta only renames
// or removes, hiding the conflict check of the whole tree reports (round 12's user seat). From
// a user's seat: spec-run packed, installed into a fresh project outside the repository.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = '# calc Specification\n\n## Requirements\n\n### Requirement: Alpha\nThe system SHALL add.\n\n#### Scenario: Adds\n- **WHEN** it adds\n- **THEN** it is done\n\n### Requirement: Beta\nThe system SHALL subtract.\n\n#### Scenario: Subtracts\n- **WHEN** it subtracts\n- **THEN** it is done\n';
const rename = (from: string, to: string) => `- FROM: \`### Requirement: ${from}\`\n- TO: \`### Requirement: ${to}\`\n`;

t.test("check of one change reads its deltas against the capability's spec, each problem at file:line; a change that applies is clean", async (t) => {
  const user = userProject({
    'openspec/specs/calc/spec.md': SPEC,
    'openspec/changes/dup-to/specs/calc/spec.md': `## RENAMED Requirements\n${rename('Alpha', 'Zed')}${rename('Beta', 'Zed')}`,
    'openspec/changes/rm-renamed/specs/calc/spec.md': `## RENAMED Requirements\n${rename('Alpha', 'A2')}\n## REMOVED Requirements\n\n### Requirement: Alpha\n**Reason**: gone\n**Migration**: none\n`,
    'openspec/changes/fine/specs/calc/spec.md': `## RENAMED Requirements\n${rename('Alpha', 'Sum')}`,
  });
  for (const given of ['openspec/changes/dup-to', 'openspec/changes/dup-to/specs/calc/spec.md']) {
    const check = await user.specRun(['check', given]);
    t.equal(check.code, 1, `${given}: exit 1\n${check.stderr}`);
    t.match(check.stdout, /^openspec\/changes\/dup-to\/specs\/calc\/spec\.md:4:1: error: RENAMED gives the name 'Zed' twice/m);
    t.notMatch(check.stderr, /no check found/);
  }
  const removed = await user.specRun(['check', 'openspec/changes/rm-renamed']);
  t.equal(removed.code, 1);
  t.match(removed.stdout, /^openspec\/changes\/rm-renamed\/specs\/calc\/spec\.md:7:1: error: REMOVED requirement 'Alpha' is renamed to 'A2' by this delta \(line 2\)/m);
  const fine = await user.specRun(['check', 'openspec/changes/fine']);
  t.equal(fine.code, 0, `a rename that applies: ${fine.stdout}${fine.stderr}`);
  t.match(fine.stderr, /1 documents checked: 0 errors, 0 warnings/);
});
