import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.js";

export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["Health"],
        summary: "200 cuando la base de datos responde",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.string() }),
          503: z.object({ status: z.literal("unavailable") }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: "ok" as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const });
      }
    },
  );
}
