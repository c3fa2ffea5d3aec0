import fs from 'node:fs';
import type { RunningStack } from '../../scripts/lib/service-stack';

export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as { __STACK__?: RunningStack }).__STACK__;
  await stack?.stop();
  const infoFile = process.env.PAGOBR_TEST_STACK;
  if (infoFile) {
    const runDir = JSON.parse(fs.readFileSync(infoFile, 'utf8')).runDir as string;
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}
