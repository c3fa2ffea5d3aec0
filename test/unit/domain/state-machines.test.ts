import { nextPayinStatus, payinLedgerDelta, payinSettlement, transitionTable } from '../../../src/domain/payin';
import { nextPayoutStatus, payoutLimitAt, payoutMovements } from '../../../src/domain/payout';
import { takeNextEvent } from '../../../src/domain/event-order';
import { computeFee } from '../../../src/domain/account';
import { addBalances, overdrawnBucket, ZERO_BALANCES } from '../../../src/domain/ledger';

describe('payin transitions', () => {
  test.each([
    ['PENDING', 'APPROVED', 'APPROVED'],
    ['PENDING', 'EXPIRED', 'EXPIRED'],
    ['PENDING', 'REFUNDED', null],
    ['APPROVED', 'REFUNDED', 'REFUNDED'],
    ['APPROVED', 'MED', 'MED'],
    ['MED', 'APPROVED', 'APPROVED'],
    ['EXPIRED', 'APPROVED', null],
    ['REFUNDED', 'CHARGEBACK', null],
    ['PENDING_3DS', 'REFUSED', 'REFUSED'],
  ] as const)('%s + %s → %s', (from, event, to) => expect(nextPayinStatus(from, event)).toBe(to));

  test('refunds, chargebacks and MED happen only after approval', () => {
    for (const row of transitionTable()) {
      if (['REFUNDED', 'CHARGEBACK', 'MED'].includes(row.to)) expect(['APPROVED', 'MED']).toContain(row.from);
    }
  });

  test('settlement: fee, net and reserve in integer centavos', () => {
    expect(payinSettlement(10_000, { percentBps: 99, fixedCentavos: 0 }, 1000)).toEqual({ amount: 10_000, feeAmount: 99, netAmount: 9_901, reservedAmount: 990 });
    expect(payinSettlement(100, { percentBps: 0, fixedCentavos: 349 }, 0)).toEqual({ amount: 100, feeAmount: 100, netAmount: 0, reservedAmount: 0 });
    expect(computeFee(150, { percentBps: 99, fixedCentavos: 0 })).toBe(1);
  });

  test('approve then refund returns the balance to minus the fee', () => {
    const a = payinSettlement(10_000, { percentBps: 99, fixedCentavos: 0 }, 1000);
    const credit = payinLedgerDelta('PENDING', 'APPROVED', a)!;
    const refund = payinLedgerDelta('APPROVED', 'REFUNDED', a)!;
    expect(addBalances(addBalances(ZERO_BALANCES, credit.delta), refund.delta)).toEqual({ available: -99, reserved: 0, pendingPayouts: 0 });
    const hold = payinLedgerDelta('APPROVED', 'MED', a)!;
    const release = payinLedgerDelta('MED', 'APPROVED', a)!;
    expect(addBalances(addBalances(addBalances(ZERO_BALANCES, credit.delta), hold.delta), release.delta)).toEqual(addBalances(ZERO_BALANCES, credit.delta));
  });
});

describe('payout transitions and money', () => {
  test.each([
    ['PROCESSING', 'APPROVED', 'APPROVED'],
    ['APPROVED', 'COMPLETED', 'COMPLETED'],
    ['PROCESSING', 'COMPLETED', 'COMPLETED'],
    ['COMPLETED', 'REFUNDED', 'REFUNDED'],
    ['COMPLETED', 'FAILED', null],
    ['FAILED', 'COMPLETED', null],
  ] as const)('%s + %s → %s', (from, e, to) => expect(nextPayoutStatus(from, e)).toBe(to));

  test('a hold then its release leaves the balance unchanged; a hold cannot overdraw', () => {
    const start = { available: 100, reserved: 0, pendingPayouts: 0 };
    const held = addBalances(start, payoutMovements.hold(100).delta);
    expect(held).toEqual({ available: 0, reserved: 0, pendingPayouts: 100 });
    expect(addBalances(held, payoutMovements.releaseHold(100).delta)).toEqual(start);
    expect(overdrawnBucket(addBalances(start, payoutMovements.hold(101).delta))).toBe('available');
  });

  test('night-time limits apply from 20:00 to 06:00 in São Paulo', () => {
    const limits = { daytimeMaxCentavos: 100, nighttimeMaxCentavos: 10 };
    expect(payoutLimitAt(Date.UTC(2026, 10, 22, 22, 59), limits)).toEqual({ nighttime: false, maxCentavos: 100 }); // 19:59
    expect(payoutLimitAt(Date.UTC(2026, 10, 22, 23, 0), limits)).toEqual({ nighttime: true, maxCentavos: 10 }); // 20:00
    expect(payoutLimitAt(Date.UTC(2026, 10, 23, 8, 59), limits)).toEqual({ nighttime: true, maxCentavos: 10 }); // 05:59
    expect(payoutLimitAt(Date.UTC(2026, 10, 23, 9, 0), limits)).toEqual({ nighttime: false, maxCentavos: 100 }); // 06:00
  });
});

describe('callback ordering', () => {
  const apply = (status: string) => (e: { status: string }) => (status === 'PENDING' && e.status === 'APPROVED' ? 'APPROVED' : status === 'APPROVED' && e.status === 'REFUNDED' ? 'REFUNDED' : null);

  test('an early event waits for its predecessor', () => {
    const buffer = [{ sequence: 2, status: 'REFUNDED' }];
    expect(takeNextEvent(buffer, 0, apply('PENDING'))).toBeNull();
    buffer.push({ sequence: 1, status: 'APPROVED' });
    expect(takeNextEvent(buffer, 0, apply('PENDING'))).toEqual({ event: { sequence: 1, status: 'APPROVED' }, to: 'APPROVED' });
    expect(takeNextEvent(buffer, 1, apply('APPROVED'))).toEqual({ event: { sequence: 2, status: 'REFUNDED' }, to: 'REFUNDED' });
    expect(buffer).toHaveLength(0);
  });

  test('stale events are dropped; the next in-order event that does not apply is skipped', () => {
    const buffer = [{ sequence: 1, status: 'APPROVED' }, { sequence: 3, status: 'FOO' }];
    expect(takeNextEvent(buffer, 2, apply('PENDING'))).toEqual({ event: { sequence: 3, status: 'FOO' }, to: null });
    expect(buffer).toHaveLength(0);
  });
});
