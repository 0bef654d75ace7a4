/** TanStack Query keys of the cuts. */
export const CUTS_KEY = ["cuts"] as const;
