import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { changePasswordRoutes } from '../auth/routes/changePassword';
import { emailVerificationRoutes } from '../auth/routes/emailVerification';
import { loginRoutes } from '../auth/routes/login';
import { logoutRoutes } from '../auth/routes/logout';
import { passkeyLoginRoutes } from '../auth/routes/passkeyLogin';
import { passwordResetRoutes } from '../auth/routes/passwordReset';
import { patientPasskeyRoutes } from '../auth/routes/patientPasskey';
import { refreshRoutes } from '../auth/routes/refresh';
import { totpAuthenticateRoutes } from '../auth/routes/totpAuthenticate';
import { twoFactorRoutes } from '../auth/routes/twoFactor';
import { webauthnAuthenticateRoutes } from '../auth/routes/webauthnAuthenticate';
import { webauthnKeyRoutes } from '../auth/routes/webauthnKeys';
import { BODY_LIMITS } from '../plugins/requestBounds';

/**
 * The /auth calls: sign-in (password, then TOTP or passkey; or a passkey alone), session refresh and logout, password
 * reset and one-time codes, e-mail verification, the account-security settings and a patient's
 * passkey registration with a one-time code.
 * Each group is its own plugin so that a hook (such as `authenticate`) stays inside its group.
 */
export const authRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= BODY_LIMITS.auth;
  });
  await app.register(loginRoutes);
  await app.register(totpAuthenticateRoutes);
  await app.register(webauthnAuthenticateRoutes);
  await app.register(passkeyLoginRoutes);
  await app.register(refreshRoutes);
  await app.register(logoutRoutes);
  await app.register(passwordResetRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(twoFactorRoutes);
  await app.register(webauthnKeyRoutes);
  await app.register(patientPasskeyRoutes);
  await app.register(changePasswordRoutes);
};
