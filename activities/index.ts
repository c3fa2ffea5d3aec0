import type { WorkerDeps } from '../src/temporal/worker';
import { createDiagnosticsActivities } from './diagnostics';

/** All activities, built from the worker's dependencies (workflows import this by type only). */
export function createActivities(deps: WorkerDeps) {
  return {
    ...createDiagnosticsActivities(deps.mongo),
  };
}

export type Activities = ReturnType<typeof createActivities>;
