import type { Bank } from '../../persistence/models';

/** Banks the sandbox acquirer's Open Finance directory knows; new accounts get them when the sandbox is in use. */
export const SANDBOX_BANKS = (acquirerUrl: string): Bank[] => [
  { id: 'sandbox-bank-001', name: 'Banco Sandbox', logo: `${acquirerUrl}/open-finance/logos/sandbox-bank-001.svg` },
  { id: 'sandbox-bank-260', name: 'Nu Sandbox', logo: `${acquirerUrl}/open-finance/logos/sandbox-bank-260.svg` },
  { id: 'sandbox-bank-341', name: 'Itaú Sandbox', logo: `${acquirerUrl}/open-finance/logos/sandbox-bank-341.svg` },
];
