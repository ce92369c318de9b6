// The built-in executor steps: a steps file like a user's, registered through the
// public `spec-run/steps` API and loaded by the same loader. It holds the vocabulary
// of WHEN/THEN specifications of the executor (vocabulary/), and the definitions
// written for the numbered "Then:" lists of the command-timeouts family.
import { defineSeedListStep } from '../../../steps/index.js';
import { checkedStep, defineStep as definition } from '../registry.js';
import { sleeper } from '../probes.js';
import { compareWithTemplate, templateField } from '../template.js';
import { timedOut } from './common.js';
import { enforcementSteps } from './enforcement.js';
import { limitSteps } from './limits.js';
import { outputSteps } from './output.js';
import { timeoutSteps } from './timeouts.js';
import { validationSteps } from './validation.js';
import '../vocabulary/index.js';
import '../vocabulary/surface.js';

/**
 * "When command execution times out:" over a documented message block: the executor's
 * report of a timed-out probe must have the documented form.
 */
const documentedMessage = definition(/^command execution times out$/i, async (w, c) => {
  const block = w.unit.configs.find((b) => b.lang !== 'yaml' && /^Error:/m.test(b.text));
  c.that(block !== undefined, 'the scenario has a documented message block (starting "Error:")');
  if (!block) return;
  const run = await sleeper(w, 'host');
  timedOut(c, run, 'SIGTERM');
  compareWithTemplate(c, block.text, run.message, [
    { from: templateField(block.text, 'Command') ?? '', to: run.request.run },
    { from: `Timeout: ${templateField(block.text, 'Timeout') ?? ''}`, to: `Timeout: ${run.request.timeoutText}` },
  ]);
});

for (const d of [...timeoutSteps, ...enforcementSteps, ...outputSteps, ...validationSteps, ...limitSteps, documentedMessage]) defineSeedListStep(d.expression, checkedStep(d), d);
