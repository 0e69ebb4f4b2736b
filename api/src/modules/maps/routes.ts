import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  mapsAutocompleteQuerySchema,
  mapsAutocompleteResponseSchema,
  mapsGeocodeQuerySchema,
  mapsGeocodeResponseSchema,
} from '@carelane/shared-domain';
import { badRequest } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schema';
import type { AppServices } from '../../services/app-services';
import { createMapsProvider } from './providers';
import { suggestAddresses } from './service';

const tags = ['maps'];
const responses = { ...errorResponses, 502: apiErrorSchema };

/**
 * `/api/maps`: address autocomplete and geocoding for every signed-in user (forms with an address), from
 * the local US ZIP-code gazetteer or the external service MAPS_PROVIDER_URL names.
 */
export const mapsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const provider = createMapsProvider(services.config.mapsProviderUrl);

  app.get(
    '/api/maps/autocomplete',
    {
      schema: {
        tags,
        summary:
          'Address suggestions by ZIP prefix, city prefix, "street, city" or a street alone (input or q), ' +
          "ranked near the caller's organization",
        querystring: mapsAutocompleteQuerySchema,
        response: { 200: mapsAutocompleteResponseSchema, ...responses },
      },
    },
    async (request) => {
      const { limit, referralSourceId } = request.query;
      const input = request.query.input ?? request.query.q;
      if (!input) throw badRequest('input', 'is required');
      return suggestAddresses(services, request.ctx, provider, { input, limit, referralSourceId });
    },
  );

  app.get(
    '/api/maps/geocode',
    {
      schema: {
        tags,
        summary: 'The point and address parts of an address or a place id',
        querystring: mapsGeocodeQuerySchema,
        response: { 200: mapsGeocodeResponseSchema, ...responses },
      },
    },
    async (request) => {
      const { address, placeId } = request.query;
      if (placeId) return { results: await provider.geocodePlace(placeId) };
      if (address) return { results: await provider.geocodeAddress(address) };
      throw badRequest('address', 'is required (or placeId)');
    },
  );
};
