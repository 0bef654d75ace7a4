import { dayItemSchema, errorResponseSchema } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { createDayService } from "./day-service.js";

export function registerDayRoutes(app: FastifyInstance, db: Db) {
  const service = createDayService(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/v1/Day",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["Day"],
        summary: "Días de la semana",
        response: { 200: z.array(dayItemSchema), 401: errorResponseSchema },
      },
    },
    () => service.list(),
  );
}
