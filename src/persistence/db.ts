import mongoose, { type Connection } from 'mongoose';

/**
 * One Mongoose connection per process. Code here must run on both MongoDB and FerretDB v1:
 * no transactions, TTL or partial indexes, change streams or $lookup; concurrency safety comes
 * from unique-index inserts only.
 */
export async function connectMongo(uri: string, options: { maxPoolSize?: number } = {}): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    maxPoolSize: options.maxPoolSize ?? 20,
    serverSelectionTimeoutMS: 5000,
    autoIndex: true,
  });
  await conn.asPromise();
  return conn;
}

export async function pingMongo(conn: Connection): Promise<void> {
  if (conn.readyState !== 1 || !conn.db) throw new Error('MongoDB is not connected');
  await conn.db.admin().ping();
}
