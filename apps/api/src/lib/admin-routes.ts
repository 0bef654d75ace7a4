import {
  ADMIN_ROLES,
  type CatalogIdResponse,
  type CatalogNameItem,
  catalogIdResponseSchema,
  catalogNameItemSchema,
  errorResponses,
  messageResponseSchema,
  routeSavedResponseSchema,
  type StatusChange,
  statusChangeSchema,
} from "@treiber/contract";
import { type ApiEndpoint, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CallerClock } from "./caller-clock.js";

type Schema = {
  summary: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response: Record<number, z.ZodType>;
};

/**
 * The operations every admin list of the back office repeats (catalogs, routes, accounts): create,
 * update, a paged list, a status change and a list of names. Each builder declares one operation of
 * the contract's path table (its method and path), for admins, under the module's `tags`, with the
 * common error answers; the module passes what its service does.
 */
export function adminRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const declare = (
    endpoint: ApiEndpoint,
    schema: Schema,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    r.route({
      method: endpoint.method,
      url: routePath(endpoint),
      config: { access: ADMIN_ROLES },
      schema: { tags, ...schema, response: { ...schema.response, ...errorResponses } },
      // The builders type what goes in and out; the response schemas check it again at run time.
      handler: handler as never,
    });

  return {
    /** The body to `create`; answers its `{ id }`. */
    create<B extends z.ZodType>(
      endpoint: ApiEndpoint,
      summary: string,
      body: B,
      create: (values: z.output<B>) => Promise<CatalogIdResponse>,
    ) {
      declare(endpoint, { summary, body, response: { 200: catalogIdResponseSchema } }, (request) =>
        create(request.body as z.output<B>),
      );
    },

    /** The body's `id` and the rest of its values to `update`; answers its `{ id }`. */
    update<B extends z.ZodType<{ id: number }>>(
      endpoint: ApiEndpoint,
      summary: string,
      body: B,
      update: (id: number, values: Omit<z.output<B>, "id">) => Promise<CatalogIdResponse>,
    ) {
      declare(endpoint, { summary, body, response: { 200: catalogIdResponseSchema } }, (request) => {
        const { id, ...values } = request.body as z.output<B>;
        return update(id, values);
      });
    },

    /** A route's create: the id of what `create` saved, with `message`, as a 201. */
    created<B extends z.ZodType>(
      endpoint: ApiEndpoint,
      summary: string,
      body: B,
      create: (values: z.output<B>) => Promise<number>,
      message: string,
    ) {
      declare(
        endpoint,
        { summary, body, response: { 201: routeSavedResponseSchema } },
        async (request, reply) => {
          const id = await create(request.body as z.output<B>);
          return reply.status(201).send({ id, message });
        },
      );
    },

    /** A route's update: the whole body to `update`; answers the body's `id` with `message`. */
    updated<B extends z.ZodType<{ id: number }>>(
      endpoint: ApiEndpoint,
      summary: string,
      body: B,
      update: (values: z.output<B>) => Promise<unknown>,
      message: string,
    ) {
      declare(endpoint, { summary, body, response: { 200: routeSavedResponseSchema } }, async (request) => {
        const values = request.body as z.output<B>;
        await update(values);
        return { id: values.id, message };
      });
    },

    /** A change by query (`?…`): the query and the request to `run`; answers `message`. */
    queryAction<Q extends z.ZodType>(
      endpoint: ApiEndpoint,
      summary: string,
      querystring: Q,
      run: (query: z.output<Q>, request: FastifyRequest) => Promise<unknown>,
      message: string,
    ) {
      declare(
        endpoint,
        { summary, querystring, response: { 200: messageResponseSchema } },
        async (request) => {
          await run(request.query as z.output<Q>, request);
          return { message };
        },
      );
    },

    /** A read by query (a paged list, a record's assignments): the query and the caller's clock to `list`. */
    list<Q extends z.ZodType, R extends z.ZodType>(
      endpoint: ApiEndpoint,
      summary: string,
      querystring: Q,
      response: R,
      list: (query: z.output<Q>, clock: CallerClock) => Promise<z.input<R>>,
    ) {
      declare(endpoint, { summary, querystring, response: { 200: response } }, (request) =>
        list(request.query as z.output<Q>, request.clock),
      );
    },

    /** `{ id, status }` to `setStatus`; answers its `{ id }`. */
    status(
      endpoint: ApiEndpoint,
      summary: string,
      setStatus: (id: number, status: StatusChange["status"]) => Promise<CatalogIdResponse>,
    ) {
      declare(
        endpoint,
        { summary, body: statusChangeSchema, response: { 200: catalogIdResponseSchema } },
        (request) => {
          const { id, status } = request.body as StatusChange;
          return setStatus(id, status);
        },
      );
    },

    /** `{ id, status }` (and the request, for the caller) to `setStatus`; answers "Estado actualizado". */
    statusMessage(
      endpoint: ApiEndpoint,
      summary: string,
      setStatus: (id: number, status: StatusChange["status"], request: FastifyRequest) => Promise<unknown>,
    ) {
      declare(
        endpoint,
        { summary, body: statusChangeSchema, response: { 200: messageResponseSchema } },
        async (request) => {
          const { id, status } = request.body as StatusChange;
          await setStatus(id, status, request);
          return { message: "Estado actualizado" };
        },
      );
    },

    /** The names of the active records, from `listNames`. */
    names(endpoint: ApiEndpoint, summary: string, listNames: () => Promise<CatalogNameItem[]>) {
      declare(endpoint, { summary, response: { 200: z.array(catalogNameItemSchema) } }, () => listNames());
    },
  };
}

type CatalogEndpoints = Record<"create" | "update" | "list" | "status" | "listName", ApiEndpoint>;

/**
 * A whole catalog (branch offices, suppliers): create, update, list, status and names, each with
 * its summary (and schemas), served by the catalog's service.
 */
export function registerCatalogRoutes<
  C extends z.ZodType,
  U extends z.ZodType<{ id: number }>,
  Q extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  tags: string[],
  endpoints: CatalogEndpoints,
  service: {
    create: (values: z.output<C>) => Promise<CatalogIdResponse>;
    update: (id: number, values: Omit<z.output<U>, "id">) => Promise<CatalogIdResponse>;
    list: (query: z.output<Q>, clock: CallerClock) => Promise<z.input<R>>;
    setStatus: (id: number, status: StatusChange["status"]) => Promise<CatalogIdResponse>;
    listNames: () => Promise<CatalogNameItem[]>;
  },
  operations: {
    create: [string, C];
    update: [string, U];
    list: [string, Q, R];
    status: string;
    names: string;
  },
) {
  const routes = adminRoutes(app, tags);
  routes.create(endpoints.create, ...operations.create, service.create);
  routes.update(endpoints.update, ...operations.update, service.update);
  routes.list(endpoints.list, ...operations.list, service.list);
  routes.status(endpoints.status, operations.status, service.setStatus);
  routes.names(endpoints.listName, operations.names, service.listNames);
}
