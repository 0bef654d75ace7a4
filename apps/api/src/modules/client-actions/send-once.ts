import type { FastifyReply } from "fastify";
import type { OnceResult } from "./apply-once.js";

/**
 * Answers a field action applied once: its status and body (on a repeat, the first call's). A 429
 * thrown with `retryAfter` seconds (a limit of the action, e.g. comments per hour) is answered with
 * `Retry-After`, as the other rate limits of the API.
 */
export async function sendOnce<T>(reply: FastifyReply, result: Promise<OnceResult<T>>) {
  try {
    const { statusCode, body } = await result;
    return reply.status(statusCode).send(body);
  } catch (error) {
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    if (retryAfter) reply.header("Retry-After", String(retryAfter));
    throw error;
  }
}
