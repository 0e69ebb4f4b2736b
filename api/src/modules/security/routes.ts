import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authenticateRequestSchema,
  authenticateResponseSchema,
  changePasswordRequestSchema,
  signedInUserSchema,
  forgotPasswordRequestSchema,
  normalizePhone,
  registrationRequestSchema,
  resetPasswordRequestSchema,
  switchUserRequestSchema,
  verifyEmailRequestSchema,
  verifyPhoneRequestSchema,
} from '@carelane/shared-domain';
import { errorResponses, messageSchema } from '../../lib/route-schema';
import { SESSION_COOKIE } from '../../plugins/auth';
import type { AppServices } from '../../services/app-services';
import { DEVICE_COOKIE_PATH } from './device-cookie';
import * as security from './service';

const tags = ['security'];
const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  void reply.setCookie(SESSION_COOKIE, token, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
}

/** Identity routes that need no session: sign in, register, reset password, verify email. */
export const publicSecurityRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/api/security/authenticate',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: authenticateRequestSchema,
        response: { 200: authenticateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { answer, deviceCookie } = await security.authenticate(
        services,
        request.ctx,
        request.body,
        meta(request),
        request.cookies,
      );
      const secure = request.protocol === 'https';
      setSessionCookie(reply, answer.token, secure);
      void reply.setCookie(deviceCookie.name, deviceCookie.value, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: deviceCookie.maxAgeSeconds,
      });
      return answer;
    },
  );
  app.post(
    '/api/security/register',
    {
      schema: {
        tags,
        summary: 'Register as a clinician',
        body: registrationRequestSchema,
        response: { 201: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const message = await security.register(services, request.ctx, request.body, normalizePhone);
      return reply.status(201).send({ message });
    },
  );
  app.post(
    '/api/security/forgotPassword',
    {
      schema: {
        tags,
        summary: 'Email a reset-password link',
        body: forgotPasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: await security.forgotPassword(services, request.ctx, request.body.emailId),
    }),
  );
  app.post(
    '/api/security/resetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with an emailed token',
        body: resetPasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({ message: await security.resetPassword(services, request.ctx, request.body) }),
  );
  app.post(
    '/api/security/verifyEmail',
    {
      schema: {
        tags,
        summary: 'Verify an email address with an emailed token',
        body: verifyEmailRequestSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({ message: await security.verifyEmail(services, request.ctx, request.body.token) }),
  );
};

/** Identity routes for a signed-in user. */
export const sessionSecurityRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const anyTime = { allowDuringPasswordChange: true };
  app.get(
    '/api/security/me',
    {
      config: anyTime,
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: signedInUserSchema, ...errorResponses },
      },
    },
    async (request) => security.currentUser(services, request.ctx),
  );
  app.post(
    '/api/security/logout',
    {
      config: anyTime,
      schema: {
        tags,
        summary: 'Sign out: the session is revoked',
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await security.logout(services, request.ctx);
      void reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { message: 'You have been signed out.' };
    },
  );
  app.post(
    '/api/security/changePassword',
    {
      config: anyTime,
      schema: {
        tags,
        summary: 'Change the signed-in user’s password',
        body: changePasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({ message: await security.changePassword(services, request.ctx, request.body) }),
  );
  app.post(
    '/api/security/sendEmailVerification',
    {
      schema: {
        tags,
        summary: 'Email a new verification link',
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await security.resendEmailVerification(services, request.ctx);
      return { message: 'A verification link has been sent to your email.' };
    },
  );
  app.post(
    '/api/security/sendPhoneVerification',
    {
      schema: {
        tags,
        summary: 'Text a new 6-digit verification code',
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await security.resendPhoneCode(services, request.ctx);
      return { message: 'A verification code has been sent to your phone.' };
    },
  );
  app.post(
    '/api/security/verifyPhone',
    {
      schema: {
        tags,
        summary: 'Verify the phone number with the texted code',
        body: verifyPhoneRequestSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({ message: await security.verifyPhone(services, request.ctx, request.body.code) }),
  );
  app.post(
    '/api/security/switchUser',
    {
      config: { page: 'header' },
      schema: {
        tags,
        summary: 'Act as another user (audited)',
        body: switchUserRequestSchema,
        response: { 200: authenticateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await security.switchUser(services, request.ctx, request.body.userId, meta(request));
      setSessionCookie(reply, result.token, request.protocol === 'https');
      return result;
    },
  );
  app.post(
    '/api/security/switchBack',
    {
      config: anyTime,
      schema: {
        tags,
        summary: 'Return from a switched session to the real user',
        response: { 200: authenticateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await security.switchBack(services, request.ctx, meta(request));
      setSessionCookie(reply, result.token, request.protocol === 'https');
      return result;
    },
  );
};
