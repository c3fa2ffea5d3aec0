import { committedHistories, replayAll } from '../support/replay';

/**
 * Determinism guard: histories recorded from real runs (test/replay/histories, refreshed with
 * RECORD_HISTORIES=1 on the integration replay test) must replay against the current workflow code.
 * A change to a deployed workflow needs `patched()`; without it this test fails.
 */
test('recorded payin, payout and webhook histories replay against the current workflow code', async () => {
  const histories = committedHistories();
  expect(histories.length).toBeGreaterThanOrEqual(3);
  expect(await replayAll(histories)).toEqual([]);
}, 120_000);
