/** TanStack Query keys of the collaborators (employees). */
export const COLLABORATORS_KEY = ["collaborators"] as const;
