/** GET /books/search/: full-text search of every book and chapter for signed-in users (repositories/search.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_PAGE_SIZE, searchPageSchema, searchQuerySchema, searchWords } from '../../src/contract/search';
import { paginated } from '../lib/pagination';
import { errors, json } from './schemas';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/books/search/',
    schema: {
      summary: 'Search books and chapters: matches in a book’s title first, then by relevance',
      tags: ['search'],
      querystring: searchQuerySchema,
      response: { 200: json('Matches, 20 a page', searchPageSchema), 400: errors[400], 401: errors[401], 404: errors[404] },
    },
    handler: async (request) => {
      const { q, book, page: number = 1 } = request.query;
      const page = { page: number, size: SEARCH_PAGE_SIZE, offset: (number - 1) * SEARCH_PAGE_SIZE };
      const { count, results } = await app.repos.search.search(searchWords(q), book, page);
      // Past the last page: 404 "Invalid page.", as every list answers.
      return paginated(request, page, count, results);
    },
  });
};
