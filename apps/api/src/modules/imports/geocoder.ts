/**
 * Homes from addresses (issue 24): a Nominatim-compatible search service (GEOCODER_URL) asked
 * `GET {url}/search?q=…&format=jsonv2&limit=1&countrycodes=do`, a few lookups at a time, each with
 * its own timeout, the answers (and misses) cached by folded address. A failed or late lookup is
 * no error: that row imports without a location.
 */
import type { Db } from "../../db/client.js";
import { foldSearch } from "../../lib/paging.js";
import { findGeocodes, type GeocodeAnswer, saveGeocodes } from "./geocode-cache-repository.js";

export type { GeocodeAnswer };
export type Geocoder = {
  /**
   * The answer for each address (by `addressKey`): a point, a miss (null point) or nothing when the
   * lookup failed or ran out of time (`late` counts those left for lack of time).
   */
  locate(addresses: readonly string[]): Promise<{ found: Map<string, GeocodeAnswer>; late: number }>;
};

export type GeocoderOptions = {
  db: Db;
  url: string;
  /** Lookups in flight at once (a self-hosted Nominatim; the public one allows 1 per second). */
  concurrency?: number;
  /** One lookup's limit, ms. */
  timeoutMs?: number;
  /** All the lookups of one request, ms: what is left imports without a location this time. */
  budgetMs?: number;
  /** Countries to search (ISO 3166-1 alpha-2, comma-separated); the product's is the Dominican Republic. */
  countryCodes?: string;
};

/** The cache's key: lower case, no accents, single spaces. */
export const addressKey = (address: string) => foldSearch(address).replace(/\s+/g, " ").trim();

/**
 * Nominatim's `place_rank` says how precise the match is (30 a house or building, 26–27 a street,
 * 17–25 a neighbourhood or village, 16 and below a city or wider); a home planned from a whole city
 * is worth little. `importance` measures how well known a place is, not how well it matches, so it
 * is only the fallback when a service gives no rank.
 */
export function geocodeConfidence(placeRank: unknown, importance: unknown): number | null {
  if (typeof placeRank === "number" && Number.isFinite(placeRank)) {
    if (placeRank >= 30) return 0.9;
    if (placeRank >= 26) return 0.7;
    if (placeRank >= 21) return 0.5;
    if (placeRank >= 17) return 0.3;
    return 0.1;
  }
  if (typeof importance === "number" && Number.isFinite(importance))
    return Math.min(1, Math.max(0, importance));
  return null;
}

type NominatimPlace = {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  place_rank?: unknown;
  importance?: unknown;
};

/** One Nominatim answer as a cached answer (a miss when empty); undefined when it makes no sense. */
export function readNominatim(body: unknown): GeocodeAnswer | undefined {
  if (!Array.isArray(body)) return undefined;
  const place = body[0] as NominatimPlace | undefined;
  if (!place) return { latitude: null, longitude: null, confidence: null, label: null };
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return {
    latitude,
    longitude,
    confidence: geocodeConfidence(place.place_rank, place.importance),
    label: typeof place.display_name === "string" ? place.display_name.slice(0, 250) : null,
  };
}

export function createGeocoder(options: GeocoderOptions): Geocoder {
  const { db, url } = options;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const budgetMs = options.budgetMs ?? 60_000;
  const countryCodes = options.countryCodes ?? "do";

  async function lookUp(address: string): Promise<GeocodeAnswer | undefined> {
    const query = new URLSearchParams({ q: address, format: "jsonv2", limit: "1" });
    if (countryCodes) query.set("countrycodes", countryCodes);
    try {
      const response = await fetch(`${url}/search?${query}`, {
        headers: { accept: "application/json", "user-agent": "Treiber (importación de colaboradores)" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return undefined;
      return readNominatim(await response.json());
    } catch {
      return undefined;
    }
  }

  return {
    async locate(addresses) {
      const byKey = new Map<string, string>();
      for (const address of addresses) {
        const key = addressKey(address);
        if (key && !byKey.has(key)) byKey.set(key, address);
      }
      const found = await findGeocodes(db, [...byKey.keys()]);
      const missing = [...byKey].filter(([key]) => !found.has(key));
      const deadline = Date.now() + budgetMs;
      const learned: (GeocodeAnswer & { addressKey: string })[] = [];
      let next = 0;
      let late = 0;
      const worker = async () => {
        while (next < missing.length) {
          const [key, address] = missing[next++] as [string, string];
          if (Date.now() > deadline) {
            late++;
            continue;
          }
          const answer = await lookUp(address);
          if (!answer) continue;
          found.set(key, answer);
          learned.push({ addressKey: key, ...answer });
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
      await saveGeocodes(db, learned);
      return { found, late };
    },
  };
}
