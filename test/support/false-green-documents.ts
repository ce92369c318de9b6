// Documents of a user-seat session's false greens (round 19), shared by the unit tests and the
// test through the installed package: a Then whose body cannot fail in three ways, and two
// JSON blocks of which a step reads only the first.

/** Three scenarios, each with a Then stating a total of 99 after a When that makes it 5. */
export const CANNOT_FAIL_SPEC = `### Requirement: Total
The cart SHALL total its items.

#### Scenario: Bare comparison
- **WHEN** the cart holds items of 2 and 3
- **THEN** the total SHALL be 99

#### Scenario: Error built, never thrown
- **WHEN** the cart holds items of 2 and 3
- **THEN** the sum SHALL be 99

#### Scenario: Mismatch only logged
- **WHEN** the cart holds items of 2 and 3
- **THEN** the amount SHALL be 99
`;

/** The definitions of CANNOT_FAIL_SPEC's steps, one a line: each Then's body cannot fail, whatever the total. */
export const CANNOT_FAIL_STEPS = `When('the cart holds items of {int} and {int}', function (a, b) { this.total = a + b; });
Then('the total SHALL be {int}', function (n) { this.total === n; });
Then('the sum SHALL be {int}', function (n) { if (this.total !== n) new Error(\`total \${this.total}\`); });
Then('the amount SHALL be {int}', function (n) { if (this.total !== n) console.error('mismatch', this.total, n); });
`;

/** A Then over two JSON blocks below the steps; the second states a title the export does not hold. */
export const TWO_BLOCKS_SPEC = `### Requirement: Export
The export SHALL hold the todos.

#### Scenario: export two
- **WHEN** the todos are exported
- **THEN** the export SHALL match the expected JSON

\`\`\`json
{"id": 1, "title": "a"}
\`\`\`

\`\`\`json
{"id": 2, "title": "WRONG"}
\`\`\`
`;

/** A Then that only logs through the world (checks nothing) beside one that reads a module variable a hook sets (may fail): steps file's definitions "the total is logged" and "the total is read". */
export const REPORTING_SPEC = `### Requirement: Logged total
The total SHALL be logged.

#### Scenario: Logged
- **GIVEN** an order of 3 items
- **THEN** the total is logged

### Requirement: Read total
The total SHALL be read.

#### Scenario: Read
- **GIVEN** an order of 3 items
- **THEN** the total is read
`;
