import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyReply {
    /**
     * Lets this answer's own inline scripts run: the CSP of this reply adds these hash sources
     * (`'sha256-…'`) to `script-src`. For the web app's index.html, whose preloader is inline.
     */
    allowInlineScripts(hashSources: readonly string[]): void;
  }
}

export interface SecurityHeadersOptions {
  /** The server speaks HTTPS itself (config.tls): HSTS and upgrade-insecure-requests are sent. */
  tls: boolean;
}

type Directives = Record<string, string[]>;

/**
 * The Content Security Policy of every answer (docs/decisions/028-security-headers.md). Scripts
 * come only from our origin; the web app's inline preloader is allowed by its hash on the answers
 * that carry it (`reply.allowInlineScripts`), never by 'unsafe-inline'.
 */
export function contentSecurityDirectives(options: SecurityHeadersOptions): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // No inline event handlers (onclick=, onerror=), whatever script-src says.
    scriptSrcAttr: ["'none'"],
    // Mantine writes <style> elements at run time (responsive props); styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: for the QR codes and CSS icons, blob: for local previews before upload, https: for
    // designers' portfolio shots, which their portfolio service hosts on its own CDN.
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Over plain HTTP this would send the browser to an https:// origin that does not answer.
    ...(options.tls ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Powerful browser features the app never uses, switched off for it and anything it embeds.
 * Only names Chromium knows: an unknown one is an error in every page's console.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The security headers of every answer (DESIGN §11, "headers come from @fastify/helmet with a
 * CSP"): the app's HTML, its build files, JSON calls, errors, stored files and event streams.
 * Registered on the root instance before any route, so every route and the not-found handler see
 * the hooks. A route may send its own stricter CSP (stored files: `/serve/s/{key}`); its header
 * replaces this one.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const directives = contentSecurityDirectives(options);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: options.tls ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // For browsers that predate frame-ancestors.
    xFrameOptions: { action: "deny" },
  });

  // Helmet 8 has no Permissions-Policy. Set on the raw response in onRequest, as helmet sets its
  // own headers, so it also reaches answers that bypass reply.send (the hijacked event streams).
  app.addHook("onRequest", (_request, reply, done) => {
    reply.raw.setHeader("permissions-policy", PERMISSIONS_POLICY);
    done();
  });

  app.decorateReply("allowInlineScripts", function allowInlineScripts(hashSources: readonly string[]) {
    if (hashSources.length === 0) return;
    const withHashes = { ...directives, scriptSrc: [...(directives.scriptSrc ?? []), ...hashSources] };
    // Helmet's per-reply call: the global options with this CSP, headers set again.
    this.helmet({ contentSecurityPolicy: { useDefaults: false, directives: withHashes } });
  });
}
