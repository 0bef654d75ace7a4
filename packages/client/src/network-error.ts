import { NETWORK_ERROR_MESSAGE } from "./constants";

/** Raised when a request got no answer at all (offline, DNS, refused connection). */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = "NetworkError";
  }
}
