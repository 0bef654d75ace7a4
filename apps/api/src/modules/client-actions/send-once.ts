import type { FastifyReply } from "fastify";
import type { OnceResult } from "./apply-once.js";

/** Answers a field action applied once: its status and body (on a repeat, the first call's). */
export async function sendOnce<T>(reply: FastifyReply, result: Promise<OnceResult<T>>) {
  const { statusCode, body } = await result;
  return reply.status(statusCode).send(body);
}
