import { z } from "zod";
import { bodyIdSchema, idSchema, requiredText } from "./common.js";
import { actionIdShape, boardingEvidenceShape } from "./field-actions.js";
import { riderStatusSchema, tripCommentRequestSchema, tripRiderSchema } from "./operations.js";

/** Live operations: boardings (TransportService) on a trip in progress. */

const bodyId = bodyIdSchema;
const comment = tripCommentRequestSchema.shape.comment;

/** The driver scans a collaborator's QR code on its trip in progress. */
export const scanRequestSchema = z.object({
  codeQr: requiredText(200),
  /** Optional check: the trip the driver believes is in progress. */
  intermediateRouteId: bodyId.optional(),
  /** Treiber App: refuse (403, nothing recorded) a collaborator not on the trip's roster. */
  expectedOnly: z.boolean().optional(),
  /** Device time and position of the scan (an offline scan keeps them). */
  ...boardingEvidenceShape,
  ...actionIdShape,
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const scanResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  intermediateRouteId: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  scannedDate: z.string(),
  /** `qr` or `manual`. */
  boardingMethod: z.enum(["qr", "manual"]).optional(),
  /** Path of the rider's profile image, or null (the app shows it on a scan). */
  image: z.string().nullable().optional(),
});
export type ScanResponse = z.infer<typeof scanResponseSchema>;

export const tripRidersQuerySchema = z.object({ intermediateRouteId: idSchema });
export const tripRidersResponseSchema = z.array(tripRiderSchema);
export type TripRidersResponse = z.infer<typeof tripRidersResponseSchema>;

/** A collaborator cancels its service on a trip in progress, with a comment (tag CANCELED). */
export const cancelServiceRequestSchema = z.object({
  intermediateRouteId: bodyId,
  comment,
  ...actionIdShape,
});
export type CancelServiceRequest = z.infer<typeof cancelServiceRequestSchema>;

export const cancelServiceCommentSchema = z.object({
  intermediateRouteId: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  comment: z.string(),
  canceledDate: z.string(),
});
export type CancelServiceComment = z.infer<typeof cancelServiceCommentSchema>;

/** Trips in progress on the signed-in collaborator's routes, with its own state on each. */
export const collaboratorTripSchema = z.object({
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  driverName: z.string(),
  driverLastname: z.string(),
  startedDate: z.string(),
  lastLatitude: z.number().nullable(),
  lastLongitude: z.number().nullable(),
  status: riderStatusSchema,
});
export type CollaboratorTrip = z.infer<typeof collaboratorTripSchema>;
export const collaboratorTripsResponseSchema = z.object({ response: z.array(collaboratorTripSchema) });
export type CollaboratorTripsResponse = z.infer<typeof collaboratorTripsResponseSchema>;
