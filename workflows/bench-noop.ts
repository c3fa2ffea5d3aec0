import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

export const noopUpdate = defineUpdate<{ ok: true }>('noop');

/** Benchmark baseline: answers its update at once and ends — the cost of update-with-start itself. */
export async function benchNoopWorkflow(): Promise<void> {
  let answered = false;
  setHandler(noopUpdate, () => {
    answered = true;
    return { ok: true as const };
  });
  await condition(() => answered);
}
