/**
 * The OpenAPI document (served at GET /api/schema/), written by @fastify/swagger from each
 * route's own schema: summary, tags, zod body, params and answers (through the type provider's
 * JSON Schema transform). Every route registered after this plugin is in it unless it says
 * `hide: true`.
 */
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Upload routes read their own multipart body (no body schema): the document still names it. */
const transform: SwaggerTransform = (input) => {
  const documented = jsonSchemaTransform(input);
  if (!input.schema?.consumes?.includes('multipart/form-data')) return documented;
  return { ...documented, schema: { ...documented.schema, body: { type: 'object' } } };
};

async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Laparoscopy training platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
}

export const openApi = fp(openApiPlugin, { name: 'openapi' });
