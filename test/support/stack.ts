import fs from 'node:fs';
import type { StackInfo } from '../../scripts/lib/service-stack';

export type TestStack = StackInfo & { runDir: string };

let cached: TestStack | undefined;

/** Addresses of the stack the global setup started. */
export function testStack(): TestStack {
  if (cached) return cached;
  const file = process.env.PAGOBR_TEST_STACK;
  if (!file) throw new Error('PAGOBR_TEST_STACK is not set: run integration tests through jest (global setup)');
  cached = JSON.parse(fs.readFileSync(file, 'utf8')) as TestStack;
  return cached;
}
