import { z } from "zod";
import { ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { ZTabStampSchema, ZTabVersionSchema } from "../common/record-tabs";
import { zText } from "../common/text";
import {
  TECH_PACK_APPROVAL_STATES,
  ZProductFieldsSchema,
  ZProductSchema,
  ZProductVersionSchema,
  ZTechPackSendSchema,
} from "../products/products";

/**
 * The smart tech pack (issue 12): /productDev/products/{productId}/versions/{version}/stps/{stpId}/{tab}.
 * Each editable tab is a document read and saved on its own with its tab version
 * (`GET|PUT /productDev/stps/{stpId}/tabs/{tab}`); a stale save is a 409 naming who saved and when.
 */

/** Every tab of the workspace, in the order of the spec's route table. */
export const TECH_PACK_TABS = [
  "summary",
  "editProductDetails",
  "images",
  "files",
  "fabrics",
  "notions",
  "labels",
  "threads",
  "graphics",
  "colorways",
  "estimates",
  "sizing",
  "gradedSpec",
  "cuttersMust",
  "constructionDetails",
  "packaging",
  "productOptions",
  "confirmSetup",
  "approval",
  "taskList",
  "history",
  "print",
  "submit",
  "pdf",
] as const;
export type TTechPackTab = (typeof TECH_PACK_TABS)[number];

export const TECH_PACK_TAB_LABELS: Record<TTechPackTab, string> = {
  summary: "Summary",
  editProductDetails: "Product details",
  images: "Images",
  files: "Files",
  fabrics: "Fabrics",
  notions: "Notions",
  labels: "Labels",
  threads: "Threads",
  graphics: "Graphics",
  colorways: "Colorways",
  estimates: "Estimates",
  sizing: "Sizing",
  gradedSpec: "Graded spec",
  cuttersMust: "Cutter's must",
  constructionDetails: "Construction details",
  packaging: "Packaging",
  productOptions: "Product options",
  confirmSetup: "Confirm setup",
  approval: "Approval",
  taskList: "Tasks",
  history: "History",
  print: "Print",
  submit: "Submit",
  pdf: "PDF",
};

/** The bill-of-materials tabs: each lists design-library items of its kind. */
export const BOM_TABS = ["fabrics", "notions", "labels", "threads", "graphics", "packaging"] as const;
export type TBomTab = (typeof BOM_TABS)[number];

/** The tabs saved as documents (tab versions), besides editProductDetails. */
export const DOCUMENT_TABS = [
  "images",
  "files",
  ...BOM_TABS,
  "colorways",
  "estimates",
  "sizing",
  "gradedSpec",
  "cuttersMust",
  "constructionDetails",
  "productOptions",
] as const;
export type TDocumentTab = (typeof DOCUMENT_TABS)[number];

export const TECH_PACK_MESSAGES = {
  notFound: "That tech pack",
  readOnly: "This is an older version of the tech pack: it can be read, not changed. Open the latest version.",
  approveRole: "Only a team admin can approve or reject a tech pack.",
  notSubmitted: "Only a tech pack submitted for approval can be approved or rejected.",
  alreadySubmitted: "This tech pack is already waiting for approval.",
  alreadyApproved: "This tech pack is approved; make a new version to change it.",
  rejectComment: "Say why the tech pack is rejected.",
  notApproved: "Only an approved tech pack can be sent to the factory.",
  alreadySent: "This version was already sent to the factory.",
  missingSetup: "The tech pack is not complete yet: see Confirm setup.",
  submitted: "The tech pack was submitted for approval.",
  approved: "The tech pack was approved.",
  rejected: "The tech pack was rejected.",
  sent: "The approved tech pack was sent to the factory.",
  unknownItem: "That library item is not in your team's library.",
  unknownVariant: "That variant is not one of the item's.",
  unknownColorway: "That colourway is not on the Colorways tab.",
  unknownSize: "That size is not in the size range.",
  taskSaved: "The task was saved.",
  taskDeleted: "The task was deleted.",
} as const;

const text = (max: number, required?: string) =>
  required
    ? zText().trim().min(1, required).max(max, `At most ${max} characters`)
    : zText().trim().max(max, `At most ${max} characters`);
const _nullableText = (max: number) => text(max).nullable();
const cents = z
  .number({ error: "Enter an amount" })
  .int("Whole cents only")
  .min(0, "Must not be negative")
  .max(100_000_000, "Too large");
/** A quantity or consumption: a decimal string (up to 4 places), never a float. */
export const ZBomQuantitySchema = zText({ error: "Enter a quantity" })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,4})?$/, "Enter a quantity such as 1.25");
/** A measurement in cm or inches (two places are kept). */
const measure = z.number({ error: "Enter a number" }).min(-10_000).max(10_000);
const colorwayKey = text(40, "Enter a colourway code").regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only");

/** The tab's stamp and what every tab GET carries: whether the caller may change it. */
const tabBase = ZTabStampSchema.extend({ stpId: z.number().int(), readOnly: z.boolean() });
const request = { version: ZTabVersionSchema };

// ---- images and files ------------------------------------------------------------------------

export const IMAGE_CATEGORIES = ["front", "back", "detail", "sketch"] as const;
export type TImageCategory = (typeof IMAGE_CATEGORIES)[number];
export const ZTechPackImageSchema = z.object({
  fileId: zDbId("Upload an image"),
  category: z.enum(IMAGE_CATEGORIES, { error: "Choose front, back, detail or sketch" }),
  caption: text(200),
});
export const ZImagesDataSchema = z.object({ images: z.array(ZTechPackImageSchema).max(50, "At most 50 images") });
export const ZTechPackFileSchema = z.object({ fileId: zDbId("Upload a file"), note: text(200) });
export const ZFilesDataSchema = z.object({ files: z.array(ZTechPackFileSchema).max(100, "At most 100 files") });

/** A file's name and type, for tabs that show uploads. */
export const ZUploadRefSchema = z.object({
  id: z.number().int(),
  fileName: zText(),
  contentType: zText(),
  sizeBytes: z.number().int(),
});
export type TUploadRef = z.infer<typeof ZUploadRefSchema>;

// ---- bill of materials ------------------------------------------------------------------------

export const ZBomCellSchema = z.object({
  /** The item's variant this colourway uses; null: the item itself. */
  variantId: zDbId().nullable(),
  note: text(200),
});
export type TBomCell = z.infer<typeof ZBomCellSchema>;
export const ZBomRowSchema = z.object({
  itemId: zDbId("Choose a library item"),
  placement: text(200),
  quantity: ZBomQuantitySchema,
  unit: text(20, "Enter a unit"),
  costCents: cents,
  /** One cell per colourway (by the colourway's code). */
  cells: z.record(colorwayKey, ZBomCellSchema),
});
export type TBomRow = z.infer<typeof ZBomRowSchema>;
export const ZBomDataSchema = z.object({ rows: z.array(ZBomRowSchema).max(200, "At most 200 rows") });
export type TBomData = z.infer<typeof ZBomDataSchema>;

/** A design-library item a BOM row can pick, with its variants. */
export const ZLibraryChoiceSchema = z.object({
  id: z.number().int(),
  code: zText(),
  name: zText(),
  unit: zText().nullable(),
  costCents: z.number().int().nullable(),
  hex: zText().nullable(),
  variants: z.array(
    z.object({ id: z.number().int(), code: zText(), name: zText(), costCents: z.number().int().nullable() }),
  ),
});
export type TLibraryChoice = z.infer<typeof ZLibraryChoiceSchema>;
export const ZColorwayRefSchema = z.object({ key: zText(), name: zText() });

// ---- colourways -------------------------------------------------------------------------------

export const ZColorwaySchema = z.object({
  key: colorwayKey,
  name: text(100, "Enter a colourway name"),
  colorIds: z.array(zDbId("Choose a colour")).max(10, "At most 10 colours"),
});
export type TColorway = z.infer<typeof ZColorwaySchema>;
export const ZColorwaysDataSchema = z.object({
  colorways: z.array(ZColorwaySchema).max(20, "At most 20 colourways"),
});

// ---- estimates (costing) ------------------------------------------------------------------------

export const ZEstimatesDataSchema = z.object({
  labourCents: cents,
  overheadCents: cents,
  freightCents: cents,
  /** Duty in basis points of materials + labour + overheads (1250 = 12.5%). */
  dutyBps: z.number().int().min(0, "Must not be negative").max(10_000, "At most 100%"),
  /** Target margin in basis points of the price (6000 = 60%). */
  marginBps: z.number().int().min(0, "Must not be negative").max(9_500, "At most 95%"),
  /** A one-off setup cost spread over the order quantity. */
  setupCents: cents,
  quantities: z.array(z.number().int().min(1, "At least 1").max(1_000_000, "Too large")).max(8, "At most 8 quantities"),
});
export type TEstimatesData = z.infer<typeof ZEstimatesDataSchema>;
export const ZCostingLineSchema = z.object({
  tab: zText(),
  itemCode: zText(),
  itemName: zText(),
  quantity: zText(),
  unitCostCents: z.number().int(),
  costCents: z.number().int(),
});
export const ZColorwayCostingSchema = z.object({
  key: zText(),
  name: zText(),
  lines: z.array(ZCostingLineSchema),
  materialsCents: z.number().int(),
  labourCents: z.number().int(),
  overheadCents: z.number().int(),
  dutyCents: z.number().int(),
  freightCents: z.number().int(),
  landedCents: z.number().int(),
  priceCents: z.number().int(),
  marginCents: z.number().int(),
  byQuantity: z.array(
    z.object({
      quantity: z.number().int(),
      unitLandedCents: z.number().int(),
      unitPriceCents: z.number().int(),
      totalPriceCents: z.number().int(),
    }),
  ),
});
export type TColorwayCosting = z.infer<typeof ZColorwayCostingSchema>;

// ---- sizing and the graded spec -----------------------------------------------------------------

export const ZSizingDataSchema = z.object({
  sizeRangeId: zDbId().nullable(),
  sizes: z.array(text(20, "A size cannot be empty")).min(1, "Add at least one size").max(20, "At most 20 sizes"),
  baseSize: text(20, "Choose the base size"),
});
export type TSizingData = z.infer<typeof ZSizingDataSchema>;

export const ZPomSchema = z.object({
  code: text(20, "Enter a POM code"),
  description: text(200, "Describe the point of measure"),
  howToMeasure: text(500),
  baseValue: measure,
  /** Each size's increment from its neighbour towards the base size. */
  gradeRules: z.record(zText().max(20), measure),
  tolPlus: z.number().min(0, "Must not be negative").max(100),
  tolMinus: z.number().min(0, "Must not be negative").max(100),
  critical: z.boolean(),
});
export type TPom = z.infer<typeof ZPomSchema>;
export const ZGradedSpecDataSchema = z.object({
  unit: z.enum(["cm", "in"], { error: "Choose cm or in" }),
  points: z.array(ZPomSchema).max(200, "At most 200 points of measure"),
});
export type TGradedSpecData = z.infer<typeof ZGradedSpecDataSchema>;

// ---- cutter's must, construction, options ---------------------------------------------------------

export const ZPatternPieceSchema = z.object({
  group: text(60),
  name: text(100, "Name the pattern piece"),
  fabricItemId: zDbId().nullable(),
  count: z.number({ error: "Enter a count" }).int().min(1, "At least 1").max(100, "At most 100"),
});
export const ZCuttersMustDataSchema = z.object({
  pieces: z.array(ZPatternPieceSchema).max(200),
  trims: z.array(z.object({ name: text(100, "Name the trim"), quantity: ZBomQuantitySchema })).max(100),
  notes: text(4000),
});
export type TCuttersMustData = z.infer<typeof ZCuttersMustDataSchema>;

export const ZCalloutSchema = z.object({
  /** Where the marker sits, as a fraction of the image's width and height. */
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  text: text(300, "Say what the callout points at"),
});
export const ZConstructionStepSchema = z.object({
  title: text(200, "Name the step"),
  description: text(2000),
  imageFileId: zDbId().nullable(),
  callouts: z.array(ZCalloutSchema).max(30, "At most 30 callouts"),
});
export type TConstructionStep = z.infer<typeof ZConstructionStepSchema>;
export const ZConstructionDataSchema = z.object({ steps: z.array(ZConstructionStepSchema).max(100) });

export const ZProductOptionsDataSchema = z.object({
  options: z
    .array(
      z.object({
        name: text(60, "Name the option"),
        choices: z
          .array(z.object({ name: text(60, "Name the choice"), upchargeCents: cents }))
          .min(1, "Add at least one choice")
          .max(50),
      }),
    )
    .max(20),
});

/** Each document tab's data schema (what its PUT saves besides `version`). */
export const DOCUMENT_TAB_SCHEMAS = {
  images: ZImagesDataSchema,
  files: ZFilesDataSchema,
  fabrics: ZBomDataSchema,
  notions: ZBomDataSchema,
  labels: ZBomDataSchema,
  threads: ZBomDataSchema,
  graphics: ZBomDataSchema,
  packaging: ZBomDataSchema,
  colorways: ZColorwaysDataSchema,
  estimates: ZEstimatesDataSchema,
  sizing: ZSizingDataSchema,
  gradedSpec: ZGradedSpecDataSchema,
  cuttersMust: ZCuttersMustDataSchema,
  constructionDetails: ZConstructionDataSchema,
  productOptions: ZProductOptionsDataSchema,
} as const satisfies Record<TDocumentTab, z.ZodObject>;

/** A document tab's empty content (a new tech pack). */
export const EMPTY_TAB_DATA: { [K in TDocumentTab]: z.infer<(typeof DOCUMENT_TAB_SCHEMAS)[K]> } = {
  images: { images: [] },
  files: { files: [] },
  fabrics: { rows: [] },
  notions: { rows: [] },
  labels: { rows: [] },
  threads: { rows: [] },
  graphics: { rows: [] },
  packaging: { rows: [] },
  colorways: { colorways: [] },
  estimates: {
    labourCents: 0,
    overheadCents: 0,
    freightCents: 0,
    dutyBps: 0,
    marginBps: 6000,
    setupCents: 0,
    quantities: [100, 500, 1000],
  },
  sizing: { sizeRangeId: null, sizes: ["S", "M", "L"], baseSize: "M" },
  gradedSpec: { unit: "cm", points: [] },
  cuttersMust: { pieces: [], trims: [], notes: "" },
  constructionDetails: { steps: [] },
  productOptions: { options: [] },
};

// ---- tab request and response schemas --------------------------------------------------------------

export const ZTechPackParamsSchema = z.object({ stpId: ZIdSchema });

export const ZImagesTabSchema = tabBase
  .extend(ZImagesDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackImagesTab" });
export const ZFilesTabSchema = tabBase
  .extend(ZFilesDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackFilesTab" });
export const ZBomTabSchema = tabBase
  .extend(ZBomDataSchema.shape)
  .extend({ choices: z.array(ZLibraryChoiceSchema), colorways: z.array(ZColorwayRefSchema) })
  .meta({ id: "TechPackBomTab" });
export type TBomTabData = z.infer<typeof ZBomTabSchema>;
export const ZColorwaysTabSchema = tabBase
  .extend(ZColorwaysDataSchema.shape)
  .extend({ colors: z.array(ZLibraryChoiceSchema) })
  .meta({ id: "TechPackColorwaysTab" });
export const ZEstimatesTabSchema = tabBase
  .extend(ZEstimatesDataSchema.shape)
  .extend({
    costing: z.array(ZColorwayCostingSchema),
    targetCostCents: z.number().int().nullable(),
    targetPriceCents: z.number().int().nullable(),
  })
  .meta({ id: "TechPackEstimatesTab" });
export type TEstimatesTab = z.infer<typeof ZEstimatesTabSchema>;
export const ZSizingTabSchema = tabBase
  .extend(ZSizingDataSchema.shape)
  .extend({
    sizeRanges: z.array(z.object({ id: z.number().int(), name: zText(), sizes: z.array(zText()), baseSize: zText() })),
  })
  .meta({ id: "TechPackSizingTab" });
export const ZGradedSpecTabSchema = tabBase
  .extend(ZGradedSpecDataSchema.shape)
  .extend({
    sizes: z.array(zText()),
    baseSize: zText(),
    /** Every POM's value in every size, graded from its base value (in `unit`). */
    chart: z.array(z.object({ code: zText(), values: z.record(zText(), z.number()) })),
    templates: z.array(z.object({ id: z.number().int(), name: zText(), unit: z.enum(["cm", "in"]) })),
  })
  .meta({ id: "TechPackGradedSpecTab" });
export type TGradedSpecTab = z.infer<typeof ZGradedSpecTabSchema>;
export const ZCuttersMustTabSchema = tabBase
  .extend(ZCuttersMustDataSchema.shape)
  .extend({ fabrics: z.array(z.object({ id: z.number().int(), code: zText(), name: zText() })) })
  .meta({ id: "TechPackCuttersMustTab" });
export const ZConstructionTabSchema = tabBase
  .extend(ZConstructionDataSchema.shape)
  .extend({ uploads: z.array(ZUploadRefSchema) })
  .meta({ id: "TechPackConstructionTab" });
export const ZProductOptionsTabSchema = tabBase
  .extend(ZProductOptionsDataSchema.shape)
  .meta({ id: "TechPackProductOptionsTab" });

/** Each document tab's GET answer. */
export const DOCUMENT_TAB_RESPONSES = {
  images: ZImagesTabSchema,
  files: ZFilesTabSchema,
  fabrics: ZBomTabSchema,
  notions: ZBomTabSchema,
  labels: ZBomTabSchema,
  threads: ZBomTabSchema,
  graphics: ZBomTabSchema,
  packaging: ZBomTabSchema,
  colorways: ZColorwaysTabSchema,
  estimates: ZEstimatesTabSchema,
  sizing: ZSizingTabSchema,
  gradedSpec: ZGradedSpecTabSchema,
  cuttersMust: ZCuttersMustTabSchema,
  constructionDetails: ZConstructionTabSchema,
  productOptions: ZProductOptionsTabSchema,
} as const satisfies Record<TDocumentTab, z.ZodObject>;

/** Each document tab's PUT body: its data and the version it was loaded at. */
export const DOCUMENT_TAB_REQUESTS = {
  images: ZImagesDataSchema.extend(request),
  files: ZFilesDataSchema.extend(request),
  fabrics: ZBomDataSchema.extend(request),
  notions: ZBomDataSchema.extend(request),
  labels: ZBomDataSchema.extend(request),
  threads: ZBomDataSchema.extend(request),
  graphics: ZBomDataSchema.extend(request),
  packaging: ZBomDataSchema.extend(request),
  colorways: ZColorwaysDataSchema.extend(request),
  estimates: ZEstimatesDataSchema.extend(request),
  sizing: ZSizingDataSchema.extend(request),
  gradedSpec: ZGradedSpecDataSchema.extend(request),
  cuttersMust: ZCuttersMustDataSchema.extend(request),
  constructionDetails: ZConstructionDataSchema.extend(request),
  productOptions: ZProductOptionsDataSchema.extend(request),
} as const satisfies Record<TDocumentTab, z.ZodObject>;

/** editProductDetails: the product's own fields. */
export const ZProductDetailsTabSchema = tabBase
  .extend(
    ZProductSchema.pick({
      code: true,
      name: true,
      status: true,
      season: true,
      category: true,
      collection: true,
      batch: true,
      fit: true,
      description: true,
      tags: true,
      targetCostCents: true,
      targetPriceCents: true,
    }).shape,
  )
  .meta({ id: "TechPackProductDetailsTab" });
export type TProductDetailsTab = z.infer<typeof ZProductDetailsTabSchema>;
export const ZProductDetailsRequestSchema = ZProductFieldsSchema.extend(request);

// ---- the tech pack's header, summary, checklist ---------------------------------------------------

export const ZTechPackHeaderSchema = z
  .object({
    stpId: z.number().int(),
    product: ZProductSchema,
    version: ZProductVersionSchema,
    /** The caller may change it (a team member, on the latest version). */
    canEdit: z.boolean(),
    /** The caller may approve or reject (a team admin, or an internal admin). */
    canApprove: z.boolean(),
    /** team: a member of the product's team (or an internal admin); facility: a facility the version was sent to (read-only). */
    viewer: z.enum(["team", "facility"]),
    /** Approved (or sent): nothing in this version changes any more; a change needs a new version. */
    frozen: z.boolean(),
  })
  .meta({ id: "TechPackHeader" });
export type TTechPackHeader = z.infer<typeof ZTechPackHeaderSchema>;

export const ZChecklistItemSchema = z.object({ key: zText(), label: zText(), tab: zText(), done: z.boolean() });
export type TChecklistItem = z.infer<typeof ZChecklistItemSchema>;
export const ZConfirmSetupSchema = z
  .object({ items: z.array(ZChecklistItemSchema), complete: z.boolean() })
  .meta({ id: "TechPackConfirmSetup" });
export type TConfirmSetup = z.infer<typeof ZConfirmSetupSchema>;

export const ZTechPackSummarySchema = z
  .object({
    header: ZTechPackHeaderSchema,
    images: z.array(ZTechPackImageSchema),
    colorways: z.array(ZColorwayRefSchema),
    sizes: z.array(zText()),
    baseSize: zText(),
    bomRows: z.number().int(),
    pomCount: z.number().int(),
    criticalPoms: z.number().int(),
    landedCents: z.number().int().nullable(),
    priceCents: z.number().int().nullable(),
    openTasks: z.array(z.lazy(() => ZTechPackTaskSchema)),
    checklist: ZConfirmSetupSchema,
  })
  .meta({ id: "TechPackSummary" });
export type TTechPackSummary = z.infer<typeof ZTechPackSummarySchema>;

// ---- approvals -------------------------------------------------------------------------------

export const ZApprovalEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(["submit", "approve", "reject", "send"]),
  comment: zText().nullable(),
  userName: zText(),
  /** The person's name (first and last), else the user name. */
  userDisplayName: zText(),
  at: z.iso.datetime({ offset: true }),
});
export const ZApprovalSchema = z
  .object({
    state: z.enum(TECH_PACK_APPROVAL_STATES),
    canSubmit: z.boolean(),
    canApprove: z.boolean(),
    canSend: z.boolean(),
    sentToFactoryAt: z.iso.datetime({ offset: true }).nullable(),
    /** The facilities this version can be sent to (the brand's), and the one it works with. */
    facilities: z.array(z.object({ id: z.number().int(), name: zText() })),
    defaultFacilityId: z.number().int().nullable(),
    /** Where this version was sent, and when each facility first opened it. */
    sends: z.array(ZTechPackSendSchema),
    /** The team wants approval by someone other than the submitter. */
    secondPersonRequired: z.boolean(),
    log: z.array(ZApprovalEntrySchema),
    checklist: ZConfirmSetupSchema,
  })
  .meta({ id: "TechPackApproval" });
export type TApproval = z.infer<typeof ZApprovalSchema>;
export const ZApprovalRequestSchema = z.object({
  comment: zText().trim().max(2000, "At most 2000 characters").optional(),
  /** send: the facility that gets the version (default: the brand's own facility). */
  factoryId: zDbId().optional(),
});
export type TApprovalRequest = z.infer<typeof ZApprovalRequestSchema>;

// ---- tasks -----------------------------------------------------------------------------------

export const TASK_STATUSES = ["open", "in_progress", "done"] as const;
export const TASK_STATUS_LABELS: Record<(typeof TASK_STATUSES)[number], string> = {
  open: "Open",
  in_progress: "In progress",
  done: "Done",
};
export const ZTechPackTaskSchema = z
  .object({
    id: z.number().int(),
    title: zText(),
    assigneeUserId: z.number().int().nullable(),
    assigneeName: zText().nullable(),
    dueDate: zText().nullable(),
    status: z.enum(TASK_STATUSES),
    createdBy: zText().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "TechPackTask" });
export type TTechPackTask = z.infer<typeof ZTechPackTaskSchema>;
export const ZTaskRequestSchema = z.object({
  title: text(200, "Enter a task"),
  assigneeUserId: zDbId().nullable(),
  dueDate: z.iso.date({ error: "Enter a date as YYYY-MM-DD" }).nullable(),
  status: z.enum(TASK_STATUSES, { error: "Choose a status" }),
});
export type TTaskRequest = z.infer<typeof ZTaskRequestSchema>;
export const ZTaskListSchema = z
  .object({
    tasks: z.array(ZTechPackTaskSchema),
    members: z.array(z.object({ userId: z.number().int(), name: zText() })),
    canEdit: z.boolean(),
  })
  .meta({ id: "TechPackTaskList" });
export type TTaskList = z.infer<typeof ZTaskListSchema>;
export const ZTaskParamsSchema = z.object({ stpId: ZIdSchema, taskId: ZIdSchema });

// ---- history ---------------------------------------------------------------------------------

/** One field a save changed, as a person reads it: its label, and the old and new values formatted (money as money). */
export const ZTechPackHistoryChangeSchema = z.object({
  /** The document path ("rows[2].quantity"), for search and tests. */
  field: zText(),
  /** "Row 3 · Quantity". */
  label: zText(),
  oldValue: zText().nullable(),
  newValue: zText().nullable(),
});
/** One save (or one event: created, approved, sent…): who, when, which tab, and every field it changed. */
export const ZTechPackHistoryEntrySchema = z.object({
  id: z.number().int(),
  userName: zText(),
  /** The person's name (first and last), else the user name. */
  userDisplayName: zText(),
  at: z.iso.datetime({ offset: true }),
  tab: zText(),
  tabLabel: zText(),
  changes: z.array(ZTechPackHistoryChangeSchema),
});
export type TTechPackHistoryEntry = z.infer<typeof ZTechPackHistoryEntrySchema>;
export const ZTechPackHistoryQuerySchema = ZPageQuerySchema.extend({
  tab: zText().trim().max(40).optional(),
});
export const ZTechPackHistoryPageSchema = pageOf(ZTechPackHistoryEntrySchema).meta({ id: "TechPackHistoryPage" });
export type TTechPackHistoryPage = z.infer<typeof ZTechPackHistoryPageSchema>;

/** GET /productDev/stps/{stpId}/pomTemplates/{templateId}: a template's points as graded-spec rows. */
export const ZTemplatePointsSchema = z
  .object({ unit: z.enum(["cm", "in"]), points: z.array(ZPomSchema) })
  .meta({ id: "TechPackTemplatePoints" });
export const ZTemplateParamsSchema = z.object({ stpId: ZIdSchema, templateId: ZIdSchema });
export const ZUploadParamsSchema = z.object({ stpId: ZIdSchema, fileId: ZIdSchema });
export const ZUploadQuerySchema = z.object({ purpose: z.enum(["image", "file"]).default("file") });
