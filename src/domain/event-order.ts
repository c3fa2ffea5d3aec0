/** Ordering of acquirer callbacks inside a workflow (pure). */
export interface SequencedEvent {
  sequence: number;
}

/**
 * Takes the next event to act on from the buffer (mutated): stale ones (sequence already passed) are
 * dropped; the first event whose transition applies is returned; the next event in order that does not
 * apply is returned with `to: null` (to be skipped); events that arrived early stay until their turn.
 */
export function takeNextEvent<E extends SequencedEvent, S>(buffer: E[], lastSequence: number, transition: (e: E) => S | null): { event: E; to: S | null } | null {
  buffer.sort((a, b) => a.sequence - b.sequence);
  for (let i = buffer.length - 1; i >= 0; i--) if (buffer[i].sequence <= lastSequence) buffer.splice(i, 1);
  for (let i = 0; i < buffer.length; i++) {
    const e = buffer[i];
    const to = transition(e);
    if (to !== null || e.sequence === lastSequence + 1) {
      buffer.splice(i, 1);
      return { event: e, to };
    }
  }
  return null;
}
