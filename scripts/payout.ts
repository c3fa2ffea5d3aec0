/**
 * Approvers' command line: `npm run payout -- list | approve <id> | reject <id> "<reason>"`.
 * Talks to Temporal directly (signal) and to MongoDB (the list), configured like the worker.
 */
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { approvalSignal } from '../workflows/payout-definitions';

async function main(): Promise<void> {
  const [command, id, ...reasonParts] = process.argv.slice(2);
  const actor = `cli:${process.env.USER ?? 'operator'}`;
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const client = new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE ?? 'default' });
  try {
    if (command === 'list') {
      const conn = await mongoose.createConnection(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/payments').asPromise();
      const rows = await conn.db!.collection('payouts').find({ status: 'AWAITING_APPROVAL' }).sort({ createdAt: 1 }).limit(100).toArray();
      for (const p of rows) console.log(`${p._id}\t${p.companyId}\tR$ ${(Number(p.amount) / 100).toFixed(2)}\t${p.pixKeyType} ${p.pixKey}\t${(p.createdAt as Date).toISOString()}`);
      if (rows.length === 0) console.log('No payouts awaiting approval.');
      await conn.close();
    } else if ((command === 'approve' || command === 'reject') && id) {
      const handle = client.workflow.getHandle(id);
      await handle.signal(approvalSignal, command === 'approve' ? { approved: true, actor } : { approved: false, actor, reason: reasonParts.join(' ') || 'REJECTED_BY_APPROVER' });
      console.log(`${command === 'approve' ? 'Approved' : 'Rejected'} ${id} (signal sent as ${actor}).`);
    } else {
      console.error('usage: npm run payout -- list | approve <payoutId> | reject <payoutId> "<reason>"');
      process.exitCode = 2;
    }
  } finally {
    await connection.close();
  }
}

main().catch((err) => {
  console.error(`payout: ${(err as Error).message}`);
  process.exit(1);
});
