import { ulid } from 'ulid';

export const customer = {
  name: 'Maria da Silva',
  document: '52998224725',
  email: 'maria@example.com',
  phone: '5511987654321',
  address: { street: 'Rua das Flores', number: '123', zipCode: '01310100', city: 'São Paulo', state: 'SP', neighborhood: 'Bela Vista' },
};

export function payinBody(overrides: Record<string, unknown> = {}) {
  const amount = (overrides.amount as number | undefined) ?? 15_000;
  return {
    paymentMethod: 'PIX',
    amount,
    referenceId: `order-${ulid()}`,
    isPhysicalProduct: false,
    payerIp: '200.100.50.25',
    customer,
    items: [{ title: 'Plano mensal', quantity: 1, unitPrice: amount }],
    ...overrides,
  };
}
