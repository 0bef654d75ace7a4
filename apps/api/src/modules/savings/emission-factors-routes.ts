import {
  ADMIN_ROLES,
  EMISSION_FACTOR_SAVED_MESSAGE,
  emissionFactorListResponseSchema,
  emissionFactorUpdateRequestSchema,
  emissionFactorUpdateResponseSchema,
  errorResponses,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../../plugins/access.js";
import { emissionFactorList, saveEmissionFactor } from "./emission-factors-repository.js";

const tags = ["EmissionFactor"];
const description =
  "kg de CO₂ por km de cada tipo de vehículo (por asientos: carro, van, minibús, autobús). Por defecto: " +
  "diésel 2,68 kg CO₂e por litro (DEFRA/DESNZ, factores de conversión de gases de efecto invernadero del " +
  "Reino Unido) × litros cada 100 km supuestos por tipo (carro 7, van 10, minibús 16, autobús 30). " +
  "Los consumos son supuestos de Treiber, no de una fuente publicada: se reemplazan con los de la flota.";

/** «Factores de emisión» (issue 36): SuperAdmin, Admin. */
export function registerEmissionFactorRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ROLES, dated: false };
  r.get(
    routePath(API.emissionFactor.list),
    {
      config,
      schema: {
        tags,
        summary: "Factores de emisión por tipo de vehículo (el editado, si no el valor por defecto)",
        description,
        response: { 200: emissionFactorListResponseSchema, ...errorResponses },
      },
    },
    () => emissionFactorList(db),
  );
  r.put(
    routePath(API.emissionFactor.update),
    {
      config,
      schema: {
        tags,
        summary: "Cambiar el factor de emisión de un tipo de vehículo (0 a 5 kg de CO₂ por km)",
        description,
        body: emissionFactorUpdateRequestSchema,
        response: { 200: emissionFactorUpdateResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { vehicleType, kgPerKm } = request.body;
      await saveEmissionFactor(db, vehicleType, kgPerKm, currentUser(request).id);
      const factor = (await emissionFactorList(db)).find((row) => row.vehicleType === vehicleType);
      if (!factor) throw new Error("emission factor not saved");
      return { message: EMISSION_FACTOR_SAVED_MESSAGE, factor };
    },
  );
}
