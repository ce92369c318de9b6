// The held-out executor specifications' scenarios that state nothing of time, signals or
// memory limits (heldout.test.ts runs the others, and says what both check): their checks
// hold whatever the load, so the suite runs this file beside its other files that do not
// measure time, four batches at a time (they mostly wait on commands and containers).
import t from 'tap';
import { testPart } from './heldout-batches.js';

testPart(t, 'untimed', 4);
