import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';

export const HISTORIES_DIR = path.join(__dirname, '..', 'replay', 'histories');

/** Replays histories against the current workflow code; returns the failures (empty when compatible). */
export async function replayAll(histories: Array<{ workflowId: string; history: unknown }>): Promise<Array<{ workflowId: string; error: string }>> {
  const failures: Array<{ workflowId: string; error: string }> = [];
  const results = Worker.runReplayHistories({ workflowsPath: require.resolve('../../workflows') }, histories as never);
  for await (const r of results) {
    if (r.error) failures.push({ workflowId: r.workflowId, error: String(r.error) });
  }
  return failures;
}

export function committedHistories(): Array<{ workflowId: string; history: unknown }> {
  if (!fs.existsSync(HISTORIES_DIR)) return [];
  return fs
    .readdirSync(HISTORIES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: JSON.parse(fs.readFileSync(path.join(HISTORIES_DIR, f), 'utf8')) }));
}
