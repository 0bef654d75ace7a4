import { z } from "zod";

/**
 * What an OSRM-compatible server answers (HTTP API v1), as much of it as the planner reads. A
 * `code` other than "Ok" is an error whatever the HTTP status.
 */

/** `GET /table/v1/driving/{coordinates}?annotations=duration,distance`: seconds and metres (null: no road). */
export const osrmTableSchema = z.object({
  code: z.literal("Ok"),
  durations: z.array(z.array(z.number().nonnegative().nullable())),
  distances: z.array(z.array(z.number().nonnegative().nullable())),
});
export type OsrmTable = z.infer<typeof osrmTableSchema>;

/** `GET /route/v1/driving/{coordinates}?overview=full&geometries=geojson`: the first route's line. */
export const osrmRouteSchema = z.object({
  code: z.literal("Ok"),
  routes: z
    .array(
      z.object({
        duration: z.number().nonnegative(),
        distance: z.number().nonnegative(),
        geometry: z.object({
          type: z.literal("LineString"),
          /** [longitude, latitude] pairs. */
          coordinates: z.array(z.tuple([z.number(), z.number()]).rest(z.number())),
        }),
      }),
    )
    .min(1),
});
export type OsrmRoute = z.infer<typeof osrmRouteSchema>;
