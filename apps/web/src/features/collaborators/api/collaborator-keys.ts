/** TanStack Query keys of the collaborators (employees). */
export const COLLABORATORS_KEY = ["collaborators"] as const;
/** Active collaborators found by a search, to put on a route. */
export const COLLABORATOR_CANDIDATES_KEY = ["employees", "forRouteNotSchedule"] as const;
