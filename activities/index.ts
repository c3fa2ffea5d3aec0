import type { WorkerDeps } from '../src/temporal/worker';
import { HttpAcquirer } from '../src/acquirer/http-client';
import { getModels } from '../src/persistence/models';
import { Ledger } from '../src/persistence/ledger';
import { SecretBox } from '../src/security/encryption';
import { createDiagnosticsActivities } from './diagnostics';
import { createPayinActivities } from './payins';
import { createPayoutActivities } from './payouts';
import { createWebhookActivities } from './webhooks';

/** All activities, built from the worker's dependencies (workflows import this by type only). */
export function createActivities(deps: WorkerDeps) {
  const { config, logger } = deps;
  const models = getModels(deps.mongo);
  const ledger = new Ledger(models);
  const acquirer = new HttpAcquirer(config.ACQUIRER_URL, config.ACQUIRER_TIMEOUT_MS, (operation, outcome, seconds) => deps.metrics.acquirerCalls.observe({ operation, outcome }, seconds));
  return {
    ...createDiagnosticsActivities(deps.mongo),
    ...createPayinActivities({ models, ledger, acquirer, logger, metrics: deps.metrics }),
    ...createPayoutActivities({ models, ledger, acquirer, metrics: deps.metrics }),
    ...createWebhookActivities({
      models,
      secretBox: new SecretBox(config.SECRETS_ENCRYPTION_KEY),
      logger,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      metrics: deps.metrics,
    }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
