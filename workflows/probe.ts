import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';

const { writeAndReadProbe } = proxyActivities<Activities>({ startToCloseTimeout: '10s' });

/** Diagnostics: one activity writes a document through Mongoose and reads it back. */
export async function probeWorkflow(input: { probeId: string; note: string }): Promise<{ probeId: string; note: string; writtenAt: string }> {
  return writeAndReadProbe(input);
}
