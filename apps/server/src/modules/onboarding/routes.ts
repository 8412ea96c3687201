import {
  onboardingCompleteSchema,
  onboardingLoginRequestSchema,
  onboardingLoginResponseSchema,
  onboardingSmsRequestSchema,
  onboardingSmsResponseSchema,
  signInResponseSchema,
} from '@caredesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../lib/auth.js';
import type { OtpClient, OtpDeps } from '../../lib/otp.js';
import { createSmsSender } from '../../lib/sms/index.js';
import { sendOnboardingCode, verifyOnboardingCode } from './otp.js';
import { completeOnboarding } from './service.js';

const tags = ['onboarding'];

function clientOf(request: FastifyRequest): OtpClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Signing up a new organisation at /new (design.md §4): a code to the phone, the code for a
 * temporary token, the temporary token for the organisation and a normal session. The temporary
 * token is read here only; every other route refuses it by its audience.
 */
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const otp: OtpDeps = { db: ctx.db, jwtKey: ctx.jwtKey, rateLimitStore: ctx.rateLimitStore, config: ctx.config, sms: createSmsSender(ctx.config, app.log) };
    const beforeSignUp = { notAudited: 'before sign-up: no organisation exists yet whose trail it could join (the code is rate limited instead)' };

    app.post(
      '/sms/user',
      {
        config: { audit: beforeSignUp },
        schema: {
          tags,
          summary: 'Text a 6-digit code to the phone of someone creating an organisation (rate limited per phone and IP)',
          body: onboardingSmsRequestSchema,
          response: { 200: onboardingSmsResponseSchema },
        },
      },
      (request) => sendOnboardingCode(otp, request.body.phone, clientOf(request), request.language),
    );
    app.post(
      '/auth/login',
      {
        config: { audit: beforeSignUp },
        schema: {
          tags,
          summary: 'The texted code for a temporary access token that may only create an organisation (5 wrong codes kill the code)',
          body: onboardingLoginRequestSchema,
          response: { 200: onboardingLoginResponseSchema },
        },
      },
      (request) => verifyOnboardingCode(otp, request.body, clientOf(request)),
    );
    app.post(
      '/onboarding',
      {
        config: { audit: { entity: 'auth', action: 'sign-in' } },
        schema: {
          tags,
          summary: 'Create the organisation and its first admin with the temporary access token, and sign in',
          security: [{ bearerAuth: [] }],
          body: onboardingCompleteSchema,
          response: { 201: signInResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await completeOnboarding({ ...ctx, accessTokenTtlSeconds: ctx.config.ACCESS_TOKEN_TTL_SECONDS }, bearerToken(request), request.body, clientOf(request))),
    );
  };
}
