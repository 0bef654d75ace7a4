import type { SharedTrip } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";

/** What the public page learns from one request: the bus now, or that the link no longer works. */
export type SharedTripAnswer = { kind: "found"; trip: SharedTrip } | { kind: "gone" };

/** The server did not answer, or answered with an error other than «not available». */
export class SharedTripError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? "Sin respuesta del servidor" : `Error ${status}`);
    this.name = "SharedTripError";
  }
}

/**
 * GET /api/v1/TripShare/{token}: the shared trip, no account needed. Unknown, expired and revoked
 * links answer the same 404 (a token too long for the route's schema, 400): both mean «gone».
 * Plain `fetch`, not the back office's HTTP client: the page sends no session (a signed-in admin
 * opening a relative's link neither shows their token nor is sent to /login), caches nothing
 * (the server says no-store; the request too) and loads neither axios nor zod.
 */
export async function getSharedTrip(token: string, signal?: AbortSignal): Promise<SharedTripAnswer> {
  let response: Response;
  try {
    response = await fetch(apiPath(API.tripShare.view, { token }), {
      headers: { Accept: "application/json" },
      cache: "no-store",
      credentials: "omit",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SharedTripError(null);
  }
  if (response.status === 404 || response.status === 400) return { kind: "gone" };
  if (!response.ok) throw new SharedTripError(response.status);
  return { kind: "found", trip: (await response.json()) as SharedTrip };
}
