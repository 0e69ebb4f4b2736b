/* global jest, beforeEach, afterEach */
// A React or antd warning (a wrong prop, a missing key, a state update outside act) fails the test that
// caused it. A test that expects an error replaces the spy's implementation with its own.
let unexpected = [];

beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn']) {
    jest.spyOn(console, level).mockImplementation((...args) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  jest.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
