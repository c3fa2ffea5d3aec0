import { Schema, type Connection } from 'mongoose';

interface ProbeDoc {
  _id: string;
  note: string;
  writtenAt: Date;
}

const ProbeSchema = new Schema<ProbeDoc>({ _id: String, note: String, writtenAt: Date }, { versionKey: false });

/** Round trip through MongoDB from a worker: proves the workflow → activity → database path end to end. */
export function createDiagnosticsActivities(mongo: Connection) {
  const Probe = mongo.models.Probe ?? mongo.model<ProbeDoc>('Probe', ProbeSchema, 'diagnostics_probes');
  return {
    async writeAndReadProbe(input: { probeId: string; note: string }): Promise<{ probeId: string; note: string; writtenAt: string }> {
      await Probe.updateOne({ _id: input.probeId }, { $setOnInsert: { note: input.note, writtenAt: new Date() } }, { upsert: true });
      const doc = await Probe.findById(input.probeId).lean<ProbeDoc>();
      if (!doc) throw new Error(`probe ${input.probeId} not found after write`);
      return { probeId: doc._id, note: doc.note, writtenAt: doc.writtenAt.toISOString() };
    },
  };
}
