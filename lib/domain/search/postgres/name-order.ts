import { Prisma } from "@/generated/prisma/client";

/** The order by name: the name as its words, lowercased, then the row id; indexed (the in-memory index reads it at its load). */
export const NAME_ORDER_SQL = Prisma.sql`c."nameWords" ASC, c."id" ASC`;
