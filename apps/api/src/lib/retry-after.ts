import type { FastifyReply } from "fastify";

/** Runs `work`; a 429 it throws carrying `retryAfter` (seconds) answers with that `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    if (retryAfter) reply.header("Retry-After", String(retryAfter));
    throw error;
  }
}
