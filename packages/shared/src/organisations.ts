import { z } from 'zod';
import { organisationTypes } from './organisation-types.js';

export * from './organisation-types.js';

export const organisationTypeSchema = z.enum(organisationTypes);
