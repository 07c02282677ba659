/**
 * How API routes are declared: method, path, who may call, the zod schema of the body and
 * the answers. The same declaration registers the Fastify route (body parsed strictly with
 * zod, never Fastify's coercing validator) and documents it in the OpenAPI document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { MAX_ID } from '../../src/contract/fields';
import { notFound } from './errors';
import { parse } from './validation';

/** The names of the `:params` of a route's URL literal: `'/a/:bookId/b/:chapterId/'` → `'bookId' | 'chapterId'`. */
export type ParamNames<U extends string> = U extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : U extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters as a handler receives them: every one a database id. */
export type PathParams<U extends string> = { [K in ParamNames<U>]: number };

export interface ApiRoute<U extends string = string, B extends z.ZodType | undefined = undefined> {
  method: HTTPMethods;
  /** Path under /api, Fastify syntax: `/books/books/:bookId/`. */
  url: U;
  summary: string;
  tag: string;
  /** 'user' (the default) needs a valid access token. */
  access?: 'public' | 'user';
  body?: B;
  params?: Record<string, z.ZodType>;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  bodyLimit?: number;
  /** Multipart routes read their own body. */
  multipart?: boolean;
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    body: B extends z.ZodType ? z.output<B> : undefined,
    params: PathParams<U>,
  ) => Promise<unknown>;
}

interface DocumentedOperation {
  method: string;
  path: string;
  route: DocumentedRoute;
}

/** What the OpenAPI document needs of a route (everything but its handler). */
export type DocumentedRoute = Pick<ApiRoute<string, z.ZodType | undefined>, 'method' | 'url' | 'summary' | 'tag' | 'access' | 'body' | 'responses' | 'multipart'>;

export class OpenApiRegistry {
  readonly operations: DocumentedOperation[] = [];

  add(route: DocumentedRoute) {
    this.operations.push({ method: String(route.method).toLowerCase(), path: '/api' + route.url.replace(/:(\w+)/g, '{$1}'), route });
  }

  /** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
  document() {
    const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { method, path, route } of this.operations) {
      const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: MAX_ID } }));
      const responses = Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          { description: r.description, ...(r.schema ? { content: { 'application/json': { schema: jsonSchema(r.schema) } } } : {}) },
        ]),
      );
      paths[path] ??= {};
      paths[path][method] = {
        summary: route.summary,
        tags: [route.tag],
        ...(route.access === 'public' ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
          : route.multipart
            ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } } }
            : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Laparoscopy training platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      paths,
    };
  }
}

/** Whether a request's URL is under the API prefix (JSON answers, never pages). */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/**
 * Path ids are positive integers written in digits that fit the id columns (2^31 − 1 on every
 * database); anything else names nothing, so it is a 404, never a 500.
 */
const ID = /^[1-9]\d{0,9}$/;
export const parseId = (value: string): number | null => (ID.test(value) && Number(value) <= MAX_ID ? Number(value) : null);

export function defineRoute<const U extends string, B extends z.ZodType | undefined = undefined>(app: FastifyInstance, route: ApiRoute<U, B>) {
  app.openapi.add(route);
  app.route({
    method: route.method,
    url: route.url,
    bodyLimit: route.bodyLimit,
    config: { access: route.access ?? 'user' },
    handler: async (request, reply) => {
      const params = new Map<string, number>();
      for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
        const id = parseId(value);
        if (id === null) throw notFound();
        params.set(name, id);
      }
      const body = (route.body ? parse(route.body, request.body) : undefined) as B extends z.ZodType ? z.output<B> : undefined;
      return route.handler(request, reply, body, Object.fromEntries(params) as PathParams<U>);
    },
  });
}
