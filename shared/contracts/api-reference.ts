import * as z from 'zod/mini';

/** Where the server serves its OpenAPI 3.1 document (public, no token). */
export const API_REFERENCE_PATH = '/api-docs/openapi.json';

/** Who may call a route (the server's route table): anyone, a registered client, any signed-in account, a main account. */
export const ACCESS_LEVELS = ['public', 'client', 'session', 'main'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A JSON Schema, read by the reference page as plain data. */
const JsonSchemaSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchemaSchema>;

const ParameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.optional(z.boolean()),
  description: z.optional(z.string()),
  schema: z.optional(JsonSchemaSchema),
});

const ReferenceSchema = z.object({ $ref: z.string() });

/** Bodies by media type. */
const ContentSchema = z.record(z.string(), z.object({ schema: z.optional(JsonSchemaSchema) }));

const OperationSchema = z.object({
  operationId: z.string(),
  tags: z.optional(z.array(z.string())),
  summary: z.optional(z.string()),
  description: z.optional(z.string()),
  parameters: z.optional(z.array(z.union([ReferenceSchema, ParameterSchema]))),
  requestBody: z.optional(z.object({ content: ContentSchema })),
  /** By HTTP status; a shared response is a `$ref` without content. */
  responses: z.record(z.string(), z.object({ content: z.optional(ContentSchema) })),
  'x-access': z.enum(ACCESS_LEVELS),
  'x-permission': z.optional(z.object({ menu: z.string(), button: z.optional(z.string()) })),
});

/** The parts of the OpenAPI document the console's reference page reads. */
export const ApiReferenceSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.optional(z.string()) }),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
  components: z.object({
    schemas: z.optional(z.record(z.string(), JsonSchemaSchema)),
    parameters: z.optional(z.record(z.string(), ParameterSchema)),
  }),
});
export type ApiReference = z.infer<typeof ApiReferenceSchema>;
