import { env } from "@/lib/foundations/env";

/** Explore's public origin, for canonical URLs, sitemaps, Open Graph and the API's links. */
export function siteOrigin(): string {
  return (env.AUTH_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, "");
}

export function absoluteUrl(path: string): string {
  return `${siteOrigin()}${path.startsWith("/") ? path : `/${path}`}`;
}
