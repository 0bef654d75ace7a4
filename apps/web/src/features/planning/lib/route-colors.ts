/** Distinct colours for the routes of a plan on the map and in the table (dark enough for white numbers). */
const ROUTE_COLORS = [
  "#1565c0",
  "#c62828",
  "#2e7d32",
  "#6a1b9a",
  "#ef6c00",
  "#00838f",
  "#ad1457",
  "#4e342e",
  "#283593",
  "#558b2f",
  "#00695c",
  "#8e24aa",
];

/** The colour of the route at `index` (they repeat after twelve). */
export const routeColor = (index: number) => ROUTE_COLORS[index % ROUTE_COLORS.length] as string;
