/** TanStack Query keys of the suppliers. */
export const SUPPLIERS_KEY = ["suppliers"] as const;
