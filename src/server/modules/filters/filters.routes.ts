// The suggestion endpoints behind the filter dropdowns (spec §7, DESIGN.md §4).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companiesResponse,
  emptyQuery,
  experiencesResponse,
  locationsResponse,
  rolesResponse,
  suggestionQuery,
} from '../../../shared/contract/filters.ts';
import { cachePolicy } from '../../http-cache.ts';
import type { Services } from '../../services.ts';

/** The empty-result messages are the spec's (§8); the dropdowns show them as they are. */
const found = (count: number, whenNone: string) => (count ? `Found ${count}` : whenNone);

export const filtersRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const config = { cache: cachePolicy.reference };

  app.get(
    '/settings/locations-filter',
    {
      config,
      schema: {
        tags: ['filters'],
        summary: 'Cities whose name contains the typed text',
        querystring: suggestionQuery,
        response: { 200: locationsResponse },
      },
    },
    async (request) => {
      const cities = await services.filters.locations(request.query.name);
      return {
        success: true,
        message: found(cities.length, 'Location not found...'),
        content: { cities },
      };
    },
  );

  app.get(
    '/settings/roles-filter',
    {
      config,
      schema: {
        tags: ['filters'],
        summary: 'Roles whose name contains the typed text',
        querystring: suggestionQuery,
        response: { 200: rolesResponse },
      },
    },
    async (request) => {
      const roles = await services.filters.roles(request.query.name);
      return {
        success: true,
        message: found(roles.length, 'Role not found...'),
        content: { roles },
      };
    },
  );

  app.get(
    '/settings/experiences-filter',
    {
      config,
      schema: {
        tags: ['filters'],
        summary: 'All experience levels',
        querystring: emptyQuery,
        response: { 200: experiencesResponse },
      },
    },
    async () => {
      const levels = await services.filters.experienceLevels();
      return { success: true, message: found(levels.length, 'No levels'), content: { levels } };
    },
  );

  app.get(
    '/companies/our-companies',
    {
      config,
      schema: {
        tags: ['filters'],
        summary: 'Companies whose name contains the typed text',
        querystring: suggestionQuery,
        response: { 200: companiesResponse },
      },
    },
    async (request) => {
      const companies = await services.filters.companies(request.query.name);
      return {
        success: true,
        message: found(companies.length, 'Companies not found...'),
        content: { companies },
      };
    },
  );
};
