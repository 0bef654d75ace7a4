import {
  ADMIN_ROLES,
  DOCUMENT_MAX_BYTES,
  documentIdParamSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  documentReviewRequestSchema,
  documentUploadResponseSchema,
  EXPIRING_WITHIN_DAYS,
  errorResponseSchema,
  errorResponses,
  messageResponseSchema,
  SUPPLIER_PORTAL_ROLES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { SupplierScope } from "../supplier-portal/supplier-scope.js";
import { attachmentDisposition } from "./document-file-type.js";
import type { DocumentService } from "./document-service.js";
import { receiveDocumentUpload, registerDocumentUpload } from "./document-upload.js";

const tags = ["Document"];
/** A file answer loads nothing and runs nothing, even if a browser were to open it as a page. */
const FILE_CSP = "default-src 'none'; sandbox";
const MB = DOCUMENT_MAX_BYTES / 1024 / 1024;

/**
 * Papers that expire (issue 37, decision 0075): upload (a supplier user's waits for an admin),
 * the list with each paper's status on the branch offices' today, the admins' review and the
 * file. Every route filters by the caller's supplier (`scope`) in SQL.
 */
export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { service: DocumentService; scope: SupplierScope },
) {
  const { service, scope } = deps;
  // Its own scope: multipart/form-data is parsed for these routes only.
  app.register(async (plugin) => {
    await registerDocumentUpload(plugin);
    const r = plugin.withTypeProvider<ZodTypeProvider>();

    r.post(
      routePath(API.document.upload),
      {
        config: { access: SUPPLIER_PORTAL_ROLES },
        schema: {
          tags,
          summary: "Cargar un documento (licencia, seguro, contrato…) con su archivo",
          description: `multipart/form-data: \`ownerType\` (DRIVER, VEHICLE —\`ownerId\` es el chofer— o SUPPLIER), \`ownerId\`, \`type\`, \`number\`, \`expiresOn\` (YYYY-MM-DD), \`category\` (licencias) y \`file\`: PDF, JPG o PNG de hasta ${MB} MB, reconocido por su contenido. Un suplidor carga solo los de sus choferes, vehículos y de sí mismo, y quedan por aprobar; los de un administrador quedan aprobados.`,
          response: { 201: documentUploadResponseSchema, 413: errorResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const upload = await receiveDocumentUpload(request);
        const saved = await service.upload(currentUser(request), await scope.of(request), upload);
        return reply.status(201).send(saved);
      },
    );

    r.get(
      routePath(API.document.list),
      {
        config: { access: SUPPLIER_PORTAL_ROLES },
        schema: {
          tags,
          summary: "Listar documentos (por vencimiento; estado según el día de la sucursal)",
          description: `VALID, EXPIRING (vence dentro de ${EXPIRING_WITHIN_DAYS} días) o EXPIRED (desde la medianoche siguiente a su vencimiento). \`current\`: el aprobado que vence último de su titular y tipo (el que cuenta). Un suplidor ve solo los suyos.`,
          querystring: documentListQuerySchema,
          response: { 200: documentListResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.list(await scope.of(request), request.query),
    );

    r.put(
      routePath(API.document.approve),
      {
        config: { access: ADMIN_ROLES },
        schema: {
          tags,
          summary: "Aprobar o rechazar un documento por aprobar",
          description: "409 si ya fue revisado (dos revisiones a la vez: una gana).",
          body: documentReviewRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.review(currentUser(request), request.body),
    );

    r.get(
      routePath(API.document.file),
      {
        config: { access: SUPPLIER_PORTAL_ROLES },
        schema: {
          tags,
          summary: "Archivo de un documento (descarga)",
          description: "Para los administradores y el suplidor del documento; 404 para cualquier otro.",
          params: documentIdParamSchema,
        },
      },
      async (request, reply) => {
        const file = await service.file(await scope.of(request), request.params.id);
        // Never read as anything but what it is, nor run as a page if opened directly.
        return reply
          .type(file.contentType)
          .header("Content-Length", String(file.sizeBytes))
          .header("Content-Disposition", attachmentDisposition(file.fileName))
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Security-Policy", FILE_CSP)
          .header("Cache-Control", "private, no-store")
          .send(file.stream);
      },
    );
  });
}
