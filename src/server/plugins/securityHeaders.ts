import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet's security headers on every answer: the API, the console's files (the sign-in page
 * among them), the API docs and the 404s. The content security policy allows only the server's
 * own files: no inline script, no other origin (the console loads nothing from elsewhere: no
 * fonts, images or SDKs; its outside links are navigations), no framing. HSTS and
 * upgrade-insecure-requests only when the public URL is https, so that a plain-http demo or a
 * LAN install is not pinned to an https it does not have.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // 'unsafe-eval' is not inline script: Ajv (RJSF's form validator and the screen
        // meta-schema's) compiles the JSON Schemas the server hands out at run time into functions.
        scriptSrc: ["'self'", "'unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        // Style attributes that libraries set (Headless UI's positioning, Swagger UI); no script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // Twilio's voice SDK (services/telephony/README.md), when Twilio places the calls: its signalling
        // and insights over wss/https to *.twilio.com, and its ringing sounds from its CDN.
        connectSrc: app.telephony.kind === 'twilio' ? ["'self'", 'https://*.twilio.com', 'wss://*.twilio.com'] : ["'self'"],
        // A call's recording plays from the bytes fetched with the session (a blob: address).
        mediaSrc: app.telephony.kind === 'twilio' ? ["'self'", 'blob:', 'https://media.twiliocdn.com'] : ["'self'", 'blob:'],
        // The attendance details' map frame (MAP_EMBED_URL), when one is set; nothing else is framed.
        frameSrc: app.geolocation.mapOrigin ? ["'self'", app.geolocation.mapOrigin] : ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
});
