/**
 * Replays recorded workflow histories (JSON, as `temporal workflow show --output json` writes them)
 * against the current workflow code. Prints one JSON line per history; exits 1 if any fails.
 * `node dist/scripts/replay-histories.js test/replay/histories`
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';

async function main(): Promise<void> {
  const dir = process.argv[2] ?? path.join(process.cwd(), 'test', 'replay', 'histories');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const histories = files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as unknown }));
  let failed = 0;
  for await (const r of Worker.runReplayHistories({ workflowsPath: require.resolve('../workflows') }, histories)) {
    if (r.error) failed++;
    process.stdout.write(`${JSON.stringify({ workflowId: r.workflowId, ok: !r.error, error: r.error ? String(r.error) : null })}\n`);
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(2);
});
