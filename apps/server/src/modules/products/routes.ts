import fastifyMultipart from "@fastify/multipart";
import {
  DOCUMENT_TAB_REQUESTS,
  DOCUMENT_TAB_RESPONSES,
  DOCUMENT_TABS,
  FILES_MESSAGES,
  PRINT_FILE_TYPES,
  ZApprovalRequestSchema,
  ZApprovalSchema,
  ZConfirmSetupSchema,
  ZFacilityTechPackNewsSchema,
  ZFacilityTechPackPageSchema,
  ZFacilityTechPackQuerySchema,
  ZProductCreateRequestSchema,
  ZProductDetailsRequestSchema,
  ZProductDetailsTabSchema,
  ZProductDuplicateRequestSchema,
  ZProductFacetsSchema,
  ZProductIdParamsSchema,
  ZProductListQuerySchema,
  ZProductPageSchema,
  ZProductSchema,
  ZProductStartersSchema,
  ZProductStatusCountSchema,
  ZProductVersionCreateRequestSchema,
  ZProductVersionSchema,
  ZProductVersionsSchema,
  ZStoredFileSchema,
  ZTaskListSchema,
  ZTaskParamsSchema,
  ZTaskRequestSchema,
  ZTechPackHeaderSchema,
  ZTechPackHistoryPageSchema,
  ZTechPackHistoryQuerySchema,
  ZTechPackParamsSchema,
  ZTechPackSummarySchema,
  ZTemplateParamsSchema,
  ZTemplatePointsSchema,
  ZUploadParamsSchema,
  ZUploadQuerySchema,
} from "@hub/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../../platform/access";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, errorResponses, notFound } from "../../platform/errors";
import { sendPdf } from "../../platform/pdf";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { facilityTechPackNews, listFacilityTechPacks } from "./handoff.service";
import {
  createProduct,
  createVersion,
  deleteProduct,
  duplicateProduct,
  exportProducts,
  getProduct,
  listProducts,
  PRODUCT_CSV_HEADER,
  productCsvRow,
  productFacets,
  productStarters,
  productStatusCount,
  productVersions,
} from "./products.service";
import { approvalAction, readApproval, readConfirmSetup, readHeader, readSummary } from "./tech-pack-approval.service";
import { claimTeamFile, readTemplatePoints, uploadOf, uploadTargetOf } from "./tech-pack-files.service";
import { readHistory } from "./tech-pack-history";
import { techPackPdf } from "./tech-pack-pdf";
import { readDetailsTab, readDocumentTab, saveDetailsTab, saveDocumentTab } from "./tech-pack-tabs.service";
import { deleteTask, readTasks, saveTask } from "./tech-pack-tasks.service";

const tags = ["productDev"];
const errors = errorResponses();
const saveErrors = errorResponses(409);
/** Products and tech packs: the Products card; the team scope decides whose rows (services). */
const PRODUCTS: Access = { signedIn: true, card: "products" };
/**
 * Reading a tech pack: the Products card (the team's members), or the Tech Packs card (a facility
 * reads, read-only, a version sent to it); the services decide which versions (packFor).
 */
const READ_PACK: Access = { signedIn: true, anyCard: ["products", "techPacks"] };
/** The facility's list of versions sent to it. */
const TECH_PACKS: Access = { signedIn: true, card: "techPacks" };
const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

const IMAGE_TYPES = PRINT_FILE_TYPES.filter((t) => t.ext === "png" || t.ext === "jpg" || t.ext === "jpeg");
const UPLOADS: Record<"image" | "file", UploadKind> = {
  image: {
    area: "techPack",
    types: IMAGE_TYPES,
    wrongType: "Only PNG and JPEG images can be uploaded.",
    action: "products.techPack.upload",
  },
  file: {
    area: "techPack",
    types: PRINT_FILE_TYPES,
    wrongType: FILES_MESSAGES.wrongType,
    action: "products.techPack.upload",
  },
};

const ZCreatedSchema = z.object({ product: ZProductSchema, stpId: z.number().int() }).meta({ id: "ProductCreated" });

/** Products and the smart tech pack (issue 12): lists, versions, every tab, approvals, tasks, history, uploads and the PDF. */
export const productsRoutes =
  ({ db, files, mailer, config: hubConfig }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
    const config = { access: PRODUCTS };
    const read = { access: READ_PACK };

    // ---- products --------------------------------------------------------------------------
    app.get(
      "/productDev/products",
      {
        config,
        schema: { tags, querystring: ZProductListQuerySchema, response: { 200: ZProductPageSchema, ...errors } },
      },
      async (request) => listProducts(db, principalOf(request), request.query),
    );
    app.get(
      "/productDev/products/statusCount",
      {
        config,
        schema: { tags, querystring: ZProductListQuerySchema, response: { 200: ZProductStatusCountSchema, ...errors } },
      },
      async (request) => productStatusCount(db, principalOf(request), request.query),
    );
    app.get(
      "/productDev/products/facets",
      { config, schema: { tags, response: { 200: ZProductFacetsSchema, ...errors } } },
      async (request) => productFacets(db, principalOf(request)),
    );
    app.get(
      "/productDev/products/starters",
      { config, schema: { tags, response: { 200: ZProductStartersSchema, ...errors } } },
      async (request) => productStarters(db, principalOf(request)),
    );
    app.get(
      "/productDev/products/export.csv",
      { config, schema: { tags, querystring: ZProductListQuerySchema, produces: ["text/csv"] } },
      async (request, reply) => {
        const rows = await exportProducts(db, principalOf(request), request.query);
        return sendCsv(reply, "products.csv", toCsv(PRODUCT_CSV_HEADER, rows.map(productCsvRow)));
      },
    );
    app.post(
      "/productDev/products",
      {
        config,
        schema: { tags, body: ZProductCreateRequestSchema, response: { 201: ZCreatedSchema, ...saveErrors } },
      },
      async (request, reply) => reply.status(201).send(await createProduct(db, principalOf(request), request.body)),
    );
    app.get(
      "/productDev/products/:productId",
      { config, schema: { tags, params: ZProductIdParamsSchema, response: { 200: ZProductSchema, ...errors } } },
      async (request) => getProduct(db, principalOf(request), request.params.productId),
    );
    app.delete(
      "/productDev/products/:productId",
      { config, schema: { tags, params: ZProductIdParamsSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteProduct(db, principalOf(request), request.params.productId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/productDev/products/:productId/duplicate",
      {
        config,
        schema: {
          tags,
          params: ZProductIdParamsSchema,
          body: ZProductDuplicateRequestSchema,
          response: { 201: ZCreatedSchema, ...saveErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await duplicateProduct(db, principalOf(request), request.params.productId, request.body)),
    );
    app.get(
      "/productDev/products/:productId/versions",
      {
        config,
        schema: { tags, params: ZProductIdParamsSchema, response: { 200: ZProductVersionsSchema, ...errors } },
      },
      async (request) => productVersions(db, principalOf(request), request.params.productId),
    );
    app.post(
      "/productDev/products/:productId/versions",
      {
        config,
        schema: {
          tags,
          params: ZProductIdParamsSchema,
          body: ZProductVersionCreateRequestSchema,
          response: { 201: ZProductVersionSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createVersion(db, principalOf(request), request.params.productId, request.body)),
    );

    // ---- the facility's Tech Packs (issue 23) -----------------------------------------------
    app.get(
      "/productDev/techPacks",
      {
        config: { access: TECH_PACKS },
        schema: {
          tags,
          querystring: ZFacilityTechPackQuerySchema,
          response: { 200: ZFacilityTechPackPageSchema, ...errors },
        },
      },
      async (request) => listFacilityTechPacks(db, principalOf(request), request.query),
    );
    app.get(
      "/productDev/techPacks/new",
      { config: { access: TECH_PACKS }, schema: { tags, response: { 200: ZFacilityTechPackNewsSchema, ...errors } } },
      async (request) => facilityTechPackNews(db, principalOf(request)),
    );

    // ---- the tech pack ---------------------------------------------------------------------
    const params = ZTechPackParamsSchema;
    app.get(
      "/productDev/stps/:stpId",
      { config: read, schema: { tags, params, response: { 200: ZTechPackHeaderSchema, ...errors } } },
      async (request) => readHeader(db, principalOf(request), request.params.stpId),
    );
    app.get(
      "/productDev/stps/:stpId/summary",
      { config: read, schema: { tags, params, response: { 200: ZTechPackSummarySchema, ...errors } } },
      async (request) => readSummary(db, principalOf(request), request.params.stpId),
    );
    app.get(
      "/productDev/stps/:stpId/tabs/editProductDetails",
      { config: read, schema: { tags, params, response: { 200: ZProductDetailsTabSchema, ...errors } } },
      async (request) => readDetailsTab(db, principalOf(request), request.params.stpId),
    );
    app.put(
      "/productDev/stps/:stpId/tabs/editProductDetails",
      {
        config,
        schema: {
          tags,
          params,
          body: ZProductDetailsRequestSchema,
          response: { 200: ZProductDetailsTabSchema, ...saveErrors },
        },
      },
      async (request) => saveDetailsTab(db, principalOf(request), request.params.stpId, request.body),
    );
    for (const tab of DOCUMENT_TABS) {
      const response = DOCUMENT_TAB_RESPONSES[tab];
      app.get(
        `/productDev/stps/:stpId/tabs/${tab}`,
        { config: read, schema: { tags, params, response: { 200: response, ...errors } } },
        async (request) => readDocumentTab(db, principalOf(request), request.params.stpId, tab) as never,
      );
      app.put(
        `/productDev/stps/:stpId/tabs/${tab}`,
        {
          config,
          schema: { tags, params, body: DOCUMENT_TAB_REQUESTS[tab], response: { 200: response, ...saveErrors } },
        },
        async (request) =>
          saveDocumentTab(
            db,
            principalOf(request),
            request.params.stpId,
            tab,
            request.body as { version: number } & Record<string, unknown>,
          ) as never,
      );
    }
    app.get(
      "/productDev/stps/:stpId/pomTemplates/:templateId",
      { config, schema: { tags, params: ZTemplateParamsSchema, response: { 200: ZTemplatePointsSchema, ...errors } } },
      async (request) => readTemplatePoints(db, principalOf(request), request.params.stpId, request.params.templateId),
    );
    app.get(
      "/productDev/stps/:stpId/confirmSetup",
      { config: read, schema: { tags, params, response: { 200: ZConfirmSetupSchema, ...errors } } },
      async (request) => readConfirmSetup(db, principalOf(request), request.params.stpId),
    );

    // ---- approval and submit -------------------------------------------------------------------
    app.get(
      "/productDev/stps/:stpId/approval",
      { config: read, schema: { tags, params, response: { 200: ZApprovalSchema, ...errors } } },
      async (request) => readApproval(db, principalOf(request), request.params.stpId),
    );
    for (const action of ["submit", "approve", "reject", "send"] as const) {
      app.post(
        `/productDev/stps/:stpId/approval/${action}`,
        {
          config,
          schema: { tags, params, body: ZApprovalRequestSchema, response: { 200: ZApprovalSchema, ...saveErrors } },
        },
        async (request) =>
          approvalAction(db, principalOf(request), request.params.stpId, action, request.body, {
            mailer,
            config: hubConfig,
          }),
      );
    }

    // ---- tasks and history ---------------------------------------------------------------------
    app.get(
      "/productDev/stps/:stpId/tasks",
      { config: read, schema: { tags, params, response: { 200: ZTaskListSchema, ...errors } } },
      async (request) => readTasks(db, principalOf(request), request.params.stpId),
    );
    app.post(
      "/productDev/stps/:stpId/tasks",
      { config, schema: { tags, params, body: ZTaskRequestSchema, response: { 201: ZTaskListSchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await saveTask(db, principalOf(request), request.params.stpId, null, request.body)),
    );
    app.put(
      "/productDev/stps/:stpId/tasks/:taskId",
      {
        config,
        schema: {
          tags,
          params: ZTaskParamsSchema,
          body: ZTaskRequestSchema,
          response: { 200: ZTaskListSchema, ...errors },
        },
      },
      async (request) => saveTask(db, principalOf(request), request.params.stpId, request.params.taskId, request.body),
    );
    app.delete(
      "/productDev/stps/:stpId/tasks/:taskId",
      { config, schema: { tags, params: ZTaskParamsSchema, response: { 200: ZTaskListSchema, ...errors } } },
      async (request) => deleteTask(db, principalOf(request), request.params.stpId, request.params.taskId),
    );
    app.get(
      "/productDev/stps/:stpId/history",
      {
        config: read,
        schema: {
          tags,
          params,
          querystring: ZTechPackHistoryQuerySchema,
          response: { 200: ZTechPackHistoryPageSchema, ...errors },
        },
      },
      async (request) => readHistory(db, principalOf(request), request.params.stpId, request.query),
    );

    // ---- uploads and the PDF -------------------------------------------------------------------
    app.post(
      "/productDev/stps/:stpId/uploads",
      {
        config,
        schema: {
          tags,
          params,
          querystring: ZUploadQuerySchema,
          consumes: ["multipart/form-data"],
          response: { 201: ZStoredFileSchema, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const { clientId, teamId } = await uploadTargetOf(db, p, request.params.stpId);
        if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
        const kind = UPLOADS[request.query.purpose];
        const stored = await storePrintFile(db, files, p, clientId, part, UPLOAD_MAX_BYTES, kind);
        await claimTeamFile(db, stored.id, teamId);
        return reply.status(201).send(stored);
      },
    );
    app.get(
      "/productDev/stps/:stpId/uploads/:fileId",
      { config: read, schema: { tags, params: ZUploadParamsSchema, produces: ["application/octet-stream"] } },
      async (request, reply) => {
        const row = await uploadOf(db, principalOf(request), request.params.stpId, request.params.fileId);
        const stream = await files.get(row.storageKey);
        if (!stream) throw notFound("That file's contents");
        const ascii = row.fileName.replace(/[^\x20-\x7e]/g, "_").replaceAll('"', "_");
        return reply
          .header("content-type", row.contentType)
          .header("content-length", String(row.sizeBytes))
          .header("content-disposition", `inline; filename="${ascii}"`)
          .header("cache-control", "private, max-age=300")
          .send(stream);
      },
    );
    app.get(
      "/productDev/stps/:stpId/techPack.pdf",
      { config: read, schema: { tags, params, produces: ["application/pdf"], response: errors } },
      async (request, reply) =>
        sendPdf(reply, await techPackPdf(db, files, principalOf(request), request.params.stpId)),
    );
  };
