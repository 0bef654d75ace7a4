/** TanStack Query keys of the branch offices. */
export const BRANCH_OFFICES_KEY = ["branch-offices"] as const;
