import { HISTORIES_DIR, replayDirectory } from '../support/replay';

/**
 * Determinism guard: histories recorded from real runs (test/replay/histories, refreshed with
 * RECORD_HISTORIES=1 on the integration replay test) must replay against the current workflow code.
 * A change to a deployed workflow needs `patched()`; without it this test fails.
 */
test('recorded payin, payout and webhook histories replay against the current workflow code', () => {
  const results = replayDirectory(HISTORIES_DIR);
  expect(results.map((r) => r.workflowId).sort()).toEqual(['payin-pix-approved-refunded', 'payin-pix-approved-refunded-remote-creation', 'payout-automatic-completed', 'payout-automatic-completed-remote-creation', 'payout-manual-approved-completed', 'payout-manual-approved-completed-remote-creation', 'webhook-delivery', 'webhook-delivery-remote-activities']);
  expect(results.filter((r) => !r.ok)).toEqual([]);
}, 120_000);
