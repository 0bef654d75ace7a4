import { dayItemSchema, errorResponseSchema } from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { createDayService } from "./day-service.js";

export function registerDayRoutes(app: FastifyInstance, db: Db) {
  const service = createDayService(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(API.day.list),
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
