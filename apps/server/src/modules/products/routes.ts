import fastifyMultipart from "@fastify/multipart";
import {
  DOCUMENT_TABS,
  FILES_MESSAGES,
  PRINT_FILE_TYPES,
  type TDocumentTab,
  type ZTechPackParamsSchema,
} from "@hub/contracts";
import type { Operation } from "@hub/contracts/common/operation";
import { productsApi as api, techPackTabsApi } from "@hub/contracts/products/api";
import { styleSourceApi as styleApi } from "@hub/contracts/products/style-source-api";
import { translationApi } from "@hub/contracts/products/translation-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { principalOf } from "../../platform/access";
import { sendCsv, toCsv } from "../../platform/csv";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, notFound } from "../../platform/errors";
import { register, type ZodApp } from "../../platform/operations";
import { sendPdf } from "../../platform/pdf";
import { translationAdapterFor } from "../../platform/translation";
import { keepPdfText } from "../files/pdf-text.service";
import { storePrintFile, type UploadKind } from "../files/print-files.service";
import { sendStoredFile } from "../files/send-file";
import { productGroupRoutes } from "./groups";
import { facilityTechPackNews, listFacilityTechPacks } from "./handoff.service";
import { registerImportRoutes } from "./import/routes";
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
import { shippingProfileRoutes } from "./shipping-profiles";
import { makeStyleFromPack, markStyleUpToDate, readPackStyle, readStyleSource } from "./style-from-pack.service";
import { approvalAction, readApproval, readConfirmSetup, readHeader, readSummary } from "./tech-pack-approval.service";
import { claimTeamFile, readTemplatePoints, uploadOf, uploadTargetOf } from "./tech-pack-files.service";
import { readHistory } from "./tech-pack-history";
import { techPackPdf } from "./tech-pack-pdf";
import { readDetailsTab, readDocumentTab, saveDetailsTab, saveDocumentTab } from "./tech-pack-tabs.service";
import { deleteTask, readTasks, saveTask } from "./tech-pack-tasks.service";
import {
  listTranslations,
  readTranslation,
  removeTranslation,
  translateText,
  translateVersion,
  translationStatus,
} from "./translation.service";
import { acknowledgeVersion, compareVersions } from "./version-compare.service";

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

/** A document tab's GET and PUT, registered from its declaration (the tabs registry in contracts). */
type TabRead = Operation & { params: typeof ZTechPackParamsSchema; responses: { 200: z.ZodObject } };
type TabSave = TabRead & { body: z.ZodType<{ version: number } & Record<string, unknown>> };
const registerDocumentTab = (app: ZodApp, db: ModuleDeps["db"], tab: TDocumentTab) => {
  const ops = techPackTabsApi[tab];
  register<TabRead>(app, ops.read, async (request) =>
    readDocumentTab(db, principalOf(request), request.params.stpId, tab),
  );
  register<TabSave>(app, ops.save, async (request) =>
    saveDocumentTab(db, principalOf(request), request.params.stpId, tab, request.body),
  );
};

/** Products and the smart tech pack (issue 12); what each answers and who may call it is in `productsApi`. */
export const productsRoutes =
  ({ db, files, mailer, config: hubConfig }: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

    // ---- translation (spec 7's getTranslation, and a version's texts in the factory's language) ----
    const translator = translationAdapterFor(hubConfig);
    register(app, translationApi.translate, async (request) => translateText(translator, request.query));
    register(app, translationApi.status, async () => translationStatus(translator));
    register(app, translationApi.list, async (request) =>
      listTranslations(db, principalOf(request), request.params.stpId),
    );
    register(app, translationApi.read, async (request) =>
      readTranslation(db, principalOf(request), request.params.stpId, request.params.lang),
    );
    register(app, translationApi.translateVersion, async (request) =>
      translateVersion(db, translator, principalOf(request), request.params.stpId, request.body.targetLang),
    );
    register(app, translationApi.remove, async (request, reply) => {
      await removeTranslation(db, principalOf(request), request.params.stpId, request.params.lang);
      return reply.status(204).send(null);
    });

    // ---- collections, batches and tags: the resource engine ----
    for (const plugin of productGroupRoutes(db)) await app.register(plugin);
    await app.register(shippingProfileRoutes(db));

    // ---- Import Tech Pack (issue 19) ----
    registerImportRoutes(app, { db, files });

    // ---- products ----
    register(app, api.list, async (request) => listProducts(db, principalOf(request), request.query));
    register(app, api.statusCount, async (request) => productStatusCount(db, principalOf(request), request.query));
    register(app, api.facets, async (request) => productFacets(db, principalOf(request)));
    register(app, api.starters, async (request) => productStarters(db, principalOf(request)));
    register(app, api.exportCsv, async (request, reply) => {
      const rows = await exportProducts(db, principalOf(request), request.query);
      return sendCsv(reply, "products.csv", toCsv(PRODUCT_CSV_HEADER, rows.map(productCsvRow)));
    });
    register(app, api.create, async (request, reply) =>
      reply.status(201).send(await createProduct(db, principalOf(request), request.body)),
    );
    register(app, api.get, async (request) => getProduct(db, principalOf(request), request.params.productId));
    register(app, api.remove, async (request, reply) => {
      await deleteProduct(db, principalOf(request), request.params.productId);
      return reply.status(204).send(null);
    });
    register(app, api.duplicate, async (request, reply) =>
      reply.status(201).send(await duplicateProduct(db, principalOf(request), request.params.productId, request.body)),
    );
    register(app, api.versions, async (request) => productVersions(db, principalOf(request), request.params.productId));
    register(app, api.createVersion, async (request, reply) =>
      reply.status(201).send(await createVersion(db, principalOf(request), request.params.productId, request.body)),
    );

    // ---- the facility's Tech Packs (issue 23) ----
    register(app, api.techPacks, async (request) => listFacilityTechPacks(db, principalOf(request), request.query));
    register(app, api.techPackNews, async (request) => facilityTechPackNews(db, principalOf(request)));

    // ---- the tech pack ----
    register(app, api.header, async (request) => readHeader(db, principalOf(request), request.params.stpId));
    register(app, api.summary, async (request) => readSummary(db, principalOf(request), request.params.stpId));
    register(app, api.details, async (request) => readDetailsTab(db, principalOf(request), request.params.stpId));
    register(app, api.saveDetails, async (request) =>
      saveDetailsTab(db, principalOf(request), request.params.stpId, request.body),
    );
    for (const tab of DOCUMENT_TABS) registerDocumentTab(app, db, tab);
    register(app, api.templatePoints, async (request) =>
      readTemplatePoints(db, principalOf(request), request.params.stpId, request.params.templateId),
    );
    register(app, api.confirmSetup, async (request) =>
      readConfirmSetup(db, principalOf(request), request.params.stpId),
    );

    // ---- approval and submit ----
    register(app, api.approval, async (request) => readApproval(db, principalOf(request), request.params.stpId));
    for (const action of ["submit", "approve", "reject", "send"] as const)
      register(app, api[action], async (request) =>
        approvalAction(db, principalOf(request), request.params.stpId, action, request.body, {
          mailer,
          config: hubConfig,
        }),
      );

    // ---- from an approved version to the facility's style (issue 19) ----
    register(app, styleApi.packStyle, async (request) => readPackStyle(db, principalOf(request), request.params.stpId));
    register(app, styleApi.makeStyle, async (request, reply) =>
      reply.status(201).send(await makeStyleFromPack(db, principalOf(request), request.params.stpId, request.body)),
    );
    register(app, styleApi.styleSource, async (request) =>
      readStyleSource(db, principalOf(request), request.params.id),
    );
    register(app, styleApi.markUpToDate, async (request) =>
      markStyleUpToDate(db, principalOf(request), request.params.id),
    );

    // ---- version compare and acknowledgement ----
    register(app, api.compare, async (request) =>
      compareVersions(db, principalOf(request), request.params.stpId, request.query.from),
    );
    register(app, api.acknowledge, async (request) =>
      acknowledgeVersion(db, principalOf(request), request.params.stpId),
    );

    // ---- tasks and history ----
    register(app, api.tasks, async (request) => readTasks(db, principalOf(request), request.params.stpId));
    register(app, api.createTask, async (request, reply) =>
      reply.status(201).send(await saveTask(db, principalOf(request), request.params.stpId, null, request.body)),
    );
    register(app, api.updateTask, async (request) =>
      saveTask(db, principalOf(request), request.params.stpId, request.params.taskId, request.body),
    );
    register(app, api.deleteTask, async (request) =>
      deleteTask(db, principalOf(request), request.params.stpId, request.params.taskId),
    );
    register(app, api.history, async (request) =>
      readHistory(db, principalOf(request), request.params.stpId, request.query),
    );

    // ---- uploads and the PDF ----
    register(app, api.upload, async (request, reply) => {
      const p = principalOf(request);
      const { clientId, teamId } = await uploadTargetOf(db, p, request.params.stpId);
      if (!request.isMultipart()) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest(FILES_MESSAGES.noFile, { file: FILES_MESSAGES.noFile });
      const kind = UPLOADS[request.query.purpose];
      const stored = await storePrintFile(db, files, p, clientId, part, UPLOAD_MAX_BYTES, kind);
      await claimTeamFile(db, stored.id, teamId);
      await keepPdfText(db, files, stored.id);
      return reply.status(201).send(stored);
    });
    register(app, api.uploadFile, async (request, reply) => {
      const row = await uploadOf(db, principalOf(request), request.params.stpId, request.params.fileId);
      const stream = await files.get(row.storageKey);
      if (!stream) throw notFound("That file's contents");
      const ascii = row.fileName.replace(/[^\x20-\x7e]/g, "_").replaceAll('"', "_");
      return sendStoredFile(reply, row, stream, {
        "content-disposition": `inline; filename="${ascii}"`,
        "cache-control": "private, max-age=300",
      });
    });
    register(app, api.pdf, async (request, reply) =>
      sendPdf(reply, await techPackPdf(db, files, principalOf(request), request.params.stpId, request.query.lang)),
    );
  };
