import { z } from 'zod';
import { apiErrorSchema } from '@carelane/shared-domain';

/** The failure answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
} as const;

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
