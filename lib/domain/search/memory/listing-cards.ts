import { z } from "zod";
import { PlanType } from "@/generated/prisma/enums";
import type { CapabilityClass } from "@/lib/model/agent-file/types";
import { priceSummary } from "@/lib/domain/payments/plan-words";
import { Dictionary } from "./dictionary";

// What the public API's item says of each listing the shared index holds (lib/edges/api/reads.ts), so a search the
// index answers reads no catalog rows: that statement was most of PostgreSQL's work per API search
// (docs/benchmarks.md). Only texts are held here; the class, tags, flags and dates the index
// keeps for its facets and orders are not held twice (SharedIndex.card puts the two together).

/** A listing's texts as the index loads them (load.ts). */
export type CardTexts = {
  /** The agent's. */
  handle: string;
  displayName: string;
  capabilityId: string;
  name: string;
  summary: string;
  /** The whole category ("weather.current"); its first segment is the facet. */
  category: string;
  class: CapabilityClass;
  version: string;
  /** The plans in a few words (lib/domain/payments/plan-words.ts, priceSummary). */
  priceSummary: string;
  /** Epoch ms. */
  updatedAt: number;
};

/** What the API's item states of a listing besides its figures of the moment. */
export type ListingCard = Omit<CardTexts, "updatedAt"> & {
  tags: string[];
  isPaid: boolean;
  freeToTry: boolean;
  endpointPending: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Texts appended one after another as UTF-8 in one growing buffer, outside the collector's heap: three strings per
 * listing as strings cost ~200 bytes of heap each and 3 objects for every collection to mark (a million listings:
 * 3 million), where the bytes cost ~120 and none. Text `t` is bytes ends[t - 1] to ends[t].
 */
class AppendedTexts {
  #bytes: Buffer;
  readonly #ends: Uint32Array;
  #count = 0;

  constructor(capacity: number) {
    this.#bytes = Buffer.alloc(capacity * 40);
    this.#ends = new Uint32Array(capacity);
  }

  get count(): number {
    return this.#count;
  }

  push(text: string): void {
    const start = this.#count === 0 ? 0 : (this.#ends[this.#count - 1] ?? 0);
    const end = start + Buffer.byteLength(text);
    if (end > this.#bytes.length) {
      const bytes = Buffer.alloc(Math.max(end, this.#bytes.length * 2));
      this.#bytes.copy(bytes, 0, 0, start);
      this.#bytes = bytes;
    }
    this.#bytes.write(text, start, "utf8");
    this.#ends[this.#count] = end;
    this.#count += 1;
  }

  at(t: number): string {
    return this.#bytes.toString("utf8", t === 0 ? 0 : this.#ends[t - 1], this.#ends[t]);
  }
}

/** Texts held per listing, in this order. */
const NAME = 0;
const SUMMARY = 1;
const CAPABILITY_ID = 2;
const TEXTS = 3;

/** The card texts of numbered listings (the index's numbers, given in order), and their agents' (the index's agent ids). */
export class ListingCards {
  readonly #texts: AppendedTexts;
  readonly #updatedAt: Float64Array;
  // Values many listings share: a dictionary's id each.
  readonly #category: Int32Array;
  readonly #version: Int32Array;
  readonly #price: Int32Array;
  readonly #categories = new Dictionary();
  readonly #versions = new Dictionary();
  readonly #prices = new Dictionary();
  // By agent id: every listing of an agent is read in one snapshot, so they agree.
  readonly #handle: string[] = [];
  readonly #displayName: string[] = [];

  constructor(capacity: number) {
    this.#texts = new AppendedTexts(capacity * TEXTS);
    this.#updatedAt = new Float64Array(capacity);
    this.#category = new Int32Array(capacity);
    this.#version = new Int32Array(capacity);
    this.#price = new Int32Array(capacity);
  }

  /** Listing `i`'s texts: the index numbers listings 0, 1, 2, … and never sets one twice. */
  set(i: number, agent: number, row: CardTexts): void {
    if (this.#texts.count !== i * TEXTS) throw new Error(`listing number ${i} given out of order`);
    this.#texts.push(row.name);
    this.#texts.push(row.summary);
    this.#texts.push(row.capabilityId);
    this.#updatedAt[i] = row.updatedAt;
    this.#category[i] = this.#categories.id(row.category);
    this.#version[i] = this.#versions.id(row.version);
    this.#price[i] = this.#prices.id(row.priceSummary);
    this.#handle[agent] = row.handle;
    this.#displayName[agent] = row.displayName;
  }

  /** Listing `i`'s card (its agent's id: `agent`), with what the index holds of it besides its texts. */
  card(i: number, agent: number, held: Pick<ListingCard, "class" | "tags" | "isPaid" | "freeToTry" | "endpointPending" | "createdAt">): ListingCard {
    return {
      ...held,
      handle: this.#handle[agent] ?? "",
      displayName: this.#displayName[agent] ?? "",
      capabilityId: this.#texts.at(i * TEXTS + CAPABILITY_ID),
      name: this.#texts.at(i * TEXTS + NAME),
      summary: this.#texts.at(i * TEXTS + SUMMARY),
      category: this.#categories.values[this.#category[i] ?? 0] ?? "",
      version: this.#versions.values[this.#version[i] ?? 0] ?? "",
      priceSummary: this.#prices.values[this.#price[i] ?? 0] ?? "",
      updatedAt: new Date(this.#updatedAt[i] ?? 0),
    };
  }
}

/**
 * A listing's plans as the loader reads them: in order, each as [type, price, daily limit, extra's calls, extra's
 * period], the fields priceSummary words (one JSON text; SQL nulls for what a plan does not say).
 */
const planWordsSchema = z.array(z.tuple([z.enum(PlanType), z.number().nullable(), z.number().int().nullable(), z.json(), z.json()]));

// Listings share a few plan texts: each is worded once (bounded, as a load may meet many).
const worded = new Map<string, string>();

/** The price summary of plans read as the loader reads them, as the catalog's cards and API items word them. */
export function priceSummaryOfPlans(text: string): string {
  let words = worded.get(text);
  if (words === undefined) {
    const plans = planWordsSchema.parse(JSON.parse(text)).map(([type, price, dailyLimit, calls, period]) => ({
      type,
      // As the catalog's rows give it (lib/model/catalog/rows.ts): the stored number as a string.
      priceUsd: price === null ? null : String(price),
      dailyLimit,
      extra: { calls, period },
    }));
    words = priceSummary(plans);
    if (worded.size >= 10_000) worded.clear();
    worded.set(text, words);
  }
  return words;
}
