import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";

/** YouTube serves the help videos the helps page embeds and their thumbnails. */
const HELP_VIDEO_FRAMES = ["https://www.youtube.com", "https://www.youtube-nocookie.com"];

/**
 * Security headers on every answer, API and web client alike. The policy is the
 * one the built client runs under (the browser tests fail on any violation):
 * scripts only from this origin; inline styles because MUI's emotion injects its
 * own; images also from https (contacts' profile pictures live on WhatsApp's CDN)
 * and blob/data (previews of files about to be sent).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const production = config.NODE_ENV === "production";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: HELP_VIDEO_FRAMES,
        workerSrc: ["'self'", "blob:"],
      },
    },
    // A client hosted elsewhere (WEB_ORIGIN) loads media from here.
    crossOriginResourcePolicy: { policy: config.WEB_ORIGIN ? "cross-origin" : "same-origin" },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only where TLS is certain: a development server on plain http must stay reachable.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  if (config.WEB_ORIGIN) {
    await app.register(cors, {
      origin: config.WEB_ORIGIN,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    });
  }
}

/**
 * Swagger UI's own policy hashes its inline scripts; its widgets also set inline
 * style attributes, which a hash cannot allow (and a hash would switch
 * 'unsafe-inline' off). It may not be framed either.
 */
export const docsContentSecurityPolicy = (policy: string) =>
  policy
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
