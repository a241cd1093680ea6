// The throughput ceiling: a bare Fastify app on the same machine, Node and loopback as the real
// server, answering {"ok":true}. Each API route is reported as a fraction of what this reaches.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ok', async () => ({ ok: true }));

process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
