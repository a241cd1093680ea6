/**
 * A TCP proxy in front of PostgreSQL that can freeze: connections stay open, nothing passes in
 * either direction, as when the database process is stopped with SIGSTOP or the network hangs.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface FreezableProxy {
  /** The database URL rewritten to go through the proxy. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function freezableProxy(databaseUrl: string): Promise<FreezableProxy> {
  const target = new URL(databaseUrl);
  let frozen = false;
  // Bytes held back while frozen, delivered in order on thaw.
  const held: Array<[Socket, Buffer]> = [];
  const forward = (to: Socket) => (chunk: Buffer) => (frozen ? held.push([to, chunk]) : to.write(chunk));
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: async () => {
      for (const pair of pairs) for (const s of pair) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
