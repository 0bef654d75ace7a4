/** True when the JWT expires within `ms` from `now` (or its payload cannot be read). */
export function expiresWithin(token: string, ms: number, now = Date.now()): boolean {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp !== "number" || exp * 1000 - now < ms;
  } catch {
    return true;
  }
}
