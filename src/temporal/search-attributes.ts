import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Registered on the cluster (dev server: `--search-attribute NAME=Keyword`) so operators can filter. */
export const CompanyIdKey = defineSearchAttributeKey('CompanyId', SearchAttributeType.KEYWORD);
export const ReferenceIdKey = defineSearchAttributeKey('ReferenceId', SearchAttributeType.KEYWORD);
export const PaymentMethodKey = defineSearchAttributeKey('PaymentMethod', SearchAttributeType.KEYWORD);
export const TransactionStatusKey = defineSearchAttributeKey('TransactionStatus', SearchAttributeType.KEYWORD);

export const SEARCH_ATTRIBUTES = ['CompanyId', 'ReferenceId', 'PaymentMethod', 'TransactionStatus'] as const;
