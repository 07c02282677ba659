/**
 * e2e setup: when a test fails, what its open pages showed (address, accessibility tree, the
 * errors they logged) is printed and joins the failure as a second error, so a failure on CI, where nobody
 * watched the browser, says what the user would have seen.
 */
import { beforeEach } from 'vitest';
import { describeOpenPages } from '../helpers/browser';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (!pages) return;
    const report = `What the open pages showed when the test failed:\n${pages}`;
    // Printed too: on CI a retried test that then passes shows no error, only this.
    console.error(report);
    throw new Error(report);
  });
});
