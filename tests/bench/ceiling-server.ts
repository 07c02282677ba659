/**
 * The ceiling of the API figures: a bare Fastify process that answers each measured route
 * with the very bytes the real API answered, from memory (no auth, no database, no hooks).
 * `tsx tests/bench/ceiling-server.ts answers.json` prints "ceiling at http://…".
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface RecordedAnswer {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  body: string;
}

const answers = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RecordedAnswer[];
const app = Fastify({ logger: false });
for (const answer of answers) {
  const bytes = Buffer.from(answer.body);
  app.route({
    method: answer.method,
    url: answer.url.split('?')[0]!,
    handler: async (_request, reply) => reply.code(answer.status).type('application/json; charset=utf-8').send(bytes),
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
console.log(`ceiling at http://127.0.0.1:${port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
