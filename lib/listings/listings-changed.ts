import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { LISTINGS_CHANGED_CHANNEL } from "@/lib/http/shared-cache-generation";

/**
 * Run inside a listing write's transaction: once it commits, every web server forgets the pages and API
 * answers it shared with signed-out visitors (lib/http/listings-changed.ts), wherever the write was made.
 */
export const listingsChangedSql = Prisma.sql`SELECT pg_notify(${LISTINGS_CHANGED_CHANNEL}, '')`;
