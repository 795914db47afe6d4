import "server-only";
import { Prisma } from "@/generated/prisma/client";

// Raw search SQL must filter with THE visibility rule, which lib/listings/visibility.ts states as
// Prisma wheres. Rather than restating the rule in SQL (two copies drift), this turns those wheres
// into SQL. It knows only what visibility wheres use — logic (AND, OR, NOT), scalar comparisons
// and the Capability↔Agent relations — and throws on anything else, so a new kind of condition in
// the rule fails loudly in tests instead of being dropped. where-sql.test.ts checks it against
// Prisma on generated rows.

type Model = "Capability" | "Agent";

const scalarFields: Record<Model, ReadonlySet<string>> = {
  Capability: new Set(Object.values(Prisma.CapabilityScalarFieldEnum)),
  Agent: new Set(Object.values(Prisma.AgentScalarFieldEnum)),
};

type Relation = { target: Model; kind: "one" | "many"; join: (outer: string, inner: string) => Prisma.Sql };

const relations: Record<Model, Record<string, Relation>> = {
  Capability: {
    agent: { target: "Agent", kind: "one", join: (o, i) => Prisma.sql`${ident(i)}."id" = ${ident(o)}."agentId"` },
  },
  Agent: {
    capabilities: { target: "Capability", kind: "many", join: (o, i) => Prisma.sql`${ident(i)}."agentId" = ${ident(o)}."id"` },
  },
};

function ident(alias: string): Prisma.Sql {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`where-sql: bad alias ${alias}`);
  return Prisma.raw(alias);
}

function column(alias: string, field: string): Prisma.Sql {
  return Prisma.raw(`${alias}."${field}"`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

type Scalar = string | number | boolean | Date | null;

function isScalar(value: unknown): value is Scalar {
  return (
    value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date
  );
}

const TRUE = Prisma.sql`TRUE`;

class Translator {
  private aliases = 0;

  where(model: Model, alias: string, where: unknown): Prisma.Sql {
    if (!isRecord(where)) throw new Error(`where-sql: a ${model} where must be an object`);
    const parts: Prisma.Sql[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (value === undefined) continue;
      parts.push(this.condition(model, alias, key, value));
    }
    return parts.length === 0 ? TRUE : Prisma.sql`(${Prisma.join(parts, " AND ")})`;
  }

  private list(model: Model, alias: string, value: unknown): Prisma.Sql[] {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => this.where(model, alias, item));
  }

  private condition(model: Model, alias: string, key: string, value: unknown): Prisma.Sql {
    if (key === "AND") {
      const parts = this.list(model, alias, value);
      return parts.length === 0 ? TRUE : Prisma.sql`(${Prisma.join(parts, " AND ")})`;
    }
    if (key === "OR") {
      const parts = this.list(model, alias, value);
      // Prisma 7 reads an empty OR as no condition (the test pins this).
      return parts.length === 0 ? TRUE : Prisma.sql`(${Prisma.join(parts, " OR ")})`;
    }
    if (key === "NOT") {
      const parts = this.list(model, alias, value);
      return parts.length === 0 ? TRUE : Prisma.sql`NOT (${Prisma.join(parts, " OR ")})`;
    }
    const relation = relations[model][key];
    if (relation) return this.relation(alias, relation, value);
    if (scalarFields[model].has(key)) return this.scalar(column(alias, key), value, `${model}.${key}`);
    throw new Error(`where-sql: ${model}.${key} is not supported; teach lib/listings/where-sql.ts`);
  }

  private relation(outer: string, relation: Relation, filter: unknown): Prisma.Sql {
    if (!isRecord(filter)) throw new Error("where-sql: a relation filter must be an object");
    const inner = `w${++this.aliases}`;
    const exists = (where: unknown) =>
      Prisma.sql`EXISTS (SELECT 1 FROM "${Prisma.raw(relation.target)}" ${ident(inner)} WHERE ${relation.join(outer, inner)} AND ${this.where(relation.target, inner, where)})`;
    if (relation.kind === "one") {
      if ("is" in filter || "isNot" in filter) {
        const parts: Prisma.Sql[] = [];
        if (filter.is !== undefined) parts.push(exists(filter.is));
        if (filter.isNot !== undefined) parts.push(Prisma.sql`NOT ${exists(filter.isNot)}`);
        return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
      }
      return exists(filter);
    }
    const parts: Prisma.Sql[] = [];
    for (const [op, where] of Object.entries(filter)) {
      if (where === undefined) continue;
      if (op === "some") parts.push(exists(where));
      else if (op === "none") parts.push(Prisma.sql`NOT ${exists(where)}`);
      else if (op === "every") parts.push(Prisma.sql`NOT ${exists({ NOT: where })}`);
      else throw new Error(`where-sql: relation operator ${op} is not supported`);
    }
    return parts.length === 0 ? TRUE : Prisma.sql`(${Prisma.join(parts, " AND ")})`;
  }

  private scalar(col: Prisma.Sql, filter: unknown, name: string): Prisma.Sql {
    if (isScalar(filter)) return equals(col, filter);
    if (!isRecord(filter)) throw new Error(`where-sql: ${name} has an unsupported filter`);
    const parts: Prisma.Sql[] = [];
    for (const [op, value] of Object.entries(filter)) {
      if (value === undefined) continue;
      if (op === "equals" && isScalar(value)) parts.push(equals(col, value));
      else if (op === "not" && isScalar(value)) parts.push(value === null ? Prisma.sql`${col} IS NOT NULL` : compare(col, "IS DISTINCT FROM", value));
      else if ((op === "in" || op === "notIn") && Array.isArray(value) && value.every(isScalar)) {
        const items = value.filter((v) => v !== null).map((v) => compare(col, "=", v));
        const inList = items.length === 0 ? Prisma.sql`FALSE` : Prisma.sql`(${Prisma.join(items, " OR ")})`;
        // Prisma's notIn leaves NULLs out, as SQL's NOT IN does.
        parts.push(op === "in" ? inList : Prisma.sql`(${col} IS NOT NULL AND NOT ${inList})`);
      } else if ((op === "lt" || op === "lte" || op === "gt" || op === "gte") && isScalar(value) && value !== null) {
        parts.push(compare(col, { lt: "<", lte: "<=", gt: ">", gte: ">=" }[op], value));
      } else throw new Error(`where-sql: ${name}.${op} is not supported; teach lib/listings/where-sql.ts`);
    }
    return parts.length === 0 ? TRUE : Prisma.sql`(${Prisma.join(parts, " AND ")})`;
  }
}

/**
 * No casts: PostgreSQL types the parameter from the column (text, or an enum such as
 * "AgentStatus"), which keeps the planner's estimates and indexes — a `::text` on the column
 * made it guess 0.5 % of agents were published and pick nested loops over every listing.
 */
function compare(col: Prisma.Sql, op: string, value: Exclude<Scalar, null>): Prisma.Sql {
  return Prisma.sql`${col} ${Prisma.raw(op)} ${value}`;
}

function equals(col: Prisma.Sql, value: Scalar): Prisma.Sql {
  return value === null ? Prisma.sql`${col} IS NULL` : compare(col, "=", value);
}

/** A Capability where as SQL over the "Capability" row aliased `alias`. */
export function capabilityWhereSql(where: Prisma.CapabilityWhereInput, alias = "c"): Prisma.Sql {
  return new Translator().where("Capability", alias, where);
}

/** An Agent where as SQL over the "Agent" row aliased `alias`. */
export function agentWhereSql(where: Prisma.AgentWhereInput, alias = "a"): Prisma.Sql {
  return new Translator().where("Agent", alias, where);
}
