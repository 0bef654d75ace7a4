/** TanStack Query keys of the users. */
export const USERS_KEY = ["users"] as const;
