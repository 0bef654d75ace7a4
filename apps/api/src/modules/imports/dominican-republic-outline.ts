/**
 * The Dominican Republic as one coarse polygon (issue 33, decision 0057): enough to tell a home on
 * land from one in the sea, in Haiti or abroad. Drawn by hand from the map: 57 vertices, each coast
 * vertex 1–4 km offshore and each border vertex 2–5 km into Haiti, so that no home on Dominican
 * land is flagged. What it misses: a point in the sea within a few kilometres of the coast, or in
 * Haiti within a few kilometres of the border (the distance to the branch office catches most of
 * those). Saona, Catalina and Beata are inside; the lakes (Enriquillo) count as land.
 */

/** [latitude, longitude], clockwise from the mouth of the Massacre river on the north coast. */
export const DOMINICAN_REPUBLIC_OUTLINE: readonly (readonly [number, number])[] = [
  // North coast, west to east.
  [19.74, -71.79],
  [19.95, -71.69],
  [19.94, -71.35],
  [19.95, -71.08],
  [19.95, -70.95],
  [19.85, -70.7],
  [19.8, -70.5],
  [19.79, -70.4],
  [19.7, -70.12],
  [19.72, -69.9],
  [19.66, -69.86],
  [19.42, -69.79],
  [19.36, -69.6],
  [19.37, -69.35],
  [19.34, -69.1],
  [19.24, -69.07],
  // Samaná bay, carved out: the peninsula's south shore, then the mainland's.
  [19.17, -69.25],
  [19.18, -69.56],
  [19.09, -69.57],
  [19.09, -69.39],
  [19.03, -69.06],
  [19.04, -68.86],
  // East coast.
  [18.81, -68.5],
  [18.63, -68.29],
  [18.5, -68.32],
  [18.33, -68.43],
  // Saona, then the south coast, east to west.
  [18.24, -68.55],
  [18.08, -68.57],
  [18.08, -68.95],
  [18.33, -68.92],
  [18.34, -69.03],
  [18.41, -69.3],
  [18.39, -69.63],
  [18.44, -69.87],
  [18.41, -69.97],
  [18.37, -70.05],
  [18.2, -70.15],
  [18.21, -70.35],
  [18.16, -70.55],
  [18.15, -70.75],
  [18.14, -71.05],
  [17.96, -71.12],
  [17.87, -71.2],
  // Cabo Beata and Isla Beata, then up to Pedernales.
  [17.55, -71.37],
  [17.5, -71.48],
  [17.56, -71.6],
  [17.76, -71.73],
  [17.9, -71.71],
  [18.02, -71.79],
  // The border with Haiti, south to north.
  [18.2, -71.81],
  [18.4, -71.87],
  [18.5, -71.94],
  [18.65, -71.83],
  [18.88, -71.78],
  [19.1, -71.77],
  [19.3, -71.76],
  [19.55, -71.76],
];

/** Ray casting (even–odd) on the plane of latitude and longitude: fine at this size and distance from the poles. */
export function inDominicanRepublic(latitude: number, longitude: number): boolean {
  const outline = DOMINICAN_REPUBLIC_OUTLINE;
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [latI, lonI] = outline[i] as readonly [number, number];
    const [latJ, lonJ] = outline[j] as readonly [number, number];
    if (latI > latitude !== latJ > latitude) {
      const crossing = lonI + ((latitude - latI) / (latJ - latI)) * (lonJ - lonI);
      if (longitude < crossing) inside = !inside;
    }
  }
  return inside;
}
