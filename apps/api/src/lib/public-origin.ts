import type { FastifyRequest } from "fastify";

/** PUBLIC_URL when set, else the origin the request came in on (behind a proxy, see TRUST_PROXY). */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;
