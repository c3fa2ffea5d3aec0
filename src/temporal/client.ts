import { Client, Connection } from '@temporalio/client';

export async function connectTemporal(address: string, namespace: string): Promise<Client> {
  const connection = await Connection.connect({ address, connectTimeout: '5s' });
  return new Client({ connection, namespace });
}

export async function pingTemporal(client: Client): Promise<void> {
  await client.connection.workflowService.getSystemInfo({});
}
