// The held-out executor specifications (test/fixtures/executor-heldout/): written by
// people who had not read the interpreter's rules. Run for real (host commands, and
// containers on the local image), no bound step fails but those recorded with the reason
// the executor really does otherwise; and each batch still binds at least the rate recorded
// for it, every step the interpreter bound showing its interpretation. A run's points carry
// the same bindings and readings as a dry run's (each step is bound before it runs, and a
// step that does not run is bound all the same), so these runs check the rates too.
//
// Each batch runs in two parts, by what its scenarios state (statesTiming), each part a test
// file with its own floors (rates.json: `parts`). This file runs the scenarios that state
// time, signals or memory limits, with the machine quiet (the suite runs it alone,
// scripts/test.mjs), three batches at a time: their time is mostly commands waiting for their
// timeouts, so three take little more than one, and the steps that check when signals were
// sent still hold (both parts in one file took 353 s at three, 550 s at two, both passing on a
// machine with a load average near 14; 4 at a time put containers' starts seconds late).
// heldout-untimed.test.ts runs the others, beside the rest of the suite.
import t from 'tap';
import { testPart } from './heldout-batches.js';

testPart(t, 'timed', 3);
