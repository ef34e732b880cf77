import {mkdirSync, writeFileSync} from 'node:fs';
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/**
 * Counts final test outcomes (after retries) and writes them to .artifacts/test-summary.json, from which
 * scripts/run-tests.mjs prints the closing `N passed, N failed` line. Errors outside tests count as failures.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();
  private globalErrors = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, result.status);
  }

  onError(): void {
    this.globalErrors += 1;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = this.globalErrors;
    let skipped = 0;
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed += 1;
      else if (status === 'skipped') skipped += 1;
      else failed += 1;
    }
    if (result.status !== 'passed' && failed === 0) {
      failed = 1;
    }
    mkdirSync('.artifacts', {recursive: true});
    writeFileSync('.artifacts/test-summary.json', JSON.stringify({passed, failed, skipped, status: result.status}));
  }

  printsToStdio(): boolean {
    return false;
  }
}
