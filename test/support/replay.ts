import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/stack';

export const HISTORIES_DIR = path.join(__dirname, '..', 'replay', 'histories');

/**
 * Replays a directory of JSON histories in a separate Node process (the compiled replay script):
 * the replayer's protobuf JSON decoding does not survive jest's module registry.
 */
export function replayDirectory(dir: string): Array<{ workflowId: string; ok: boolean; error: string | null }> {
  const script = path.join(ROOT, 'dist', 'scripts', 'replay-histories.js');
  if (!fs.existsSync(script)) {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT });
    if (build.status !== 0) throw new Error(`build failed: ${build.stdout}`);
  }
  const res = spawnSync(process.execPath, [script, dir], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (res.status === 2 || res.error) throw new Error(`replay script crashed: ${res.stderr || res.error}`);
  return res.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { workflowId: string; ok: boolean; error: string | null });
}
