/** Balance arithmetic of the ledger (pure). Every amount is integer centavos. */
export interface Balances {
  available: number;
  reserved: number;
  pendingPayouts: number;
}

export const ZERO_BALANCES: Balances = Object.freeze({ available: 0, reserved: 0, pendingPayouts: 0 });

export function addBalances(a: Balances, d: Partial<Balances>): Balances {
  return {
    available: a.available + (d.available ?? 0),
    reserved: a.reserved + (d.reserved ?? 0),
    pendingPayouts: a.pendingPayouts + (d.pendingPayouts ?? 0),
  };
}

/** Movements that spend money must leave no bucket negative; credits and returns are always allowed. */
export function overdrawnBucket(b: Balances): keyof Balances | null {
  if (b.available < 0) return 'available';
  if (b.reserved < 0) return 'reserved';
  if (b.pendingPayouts < 0) return 'pendingPayouts';
  return null;
}
