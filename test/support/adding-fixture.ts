// A one-scenario OpenSpec capability that adds 1 and 2 and expects RESULT, with its steps:
// passing with 3, failing with anything else (fixtures of the user-seat tests).
export const addingSpec = (result: number) => `### Requirement: Value
The system SHALL compute values.

#### Scenario: Adds
- **WHEN** I add 1 and 2
- **THEN** the result is ${result}
`;

export const ADDING_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.r = a + b; });
Then('the result is {int}', function (n) { assert.equal(this.r, n); });
`;
