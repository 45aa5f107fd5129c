import { z } from "zod";
import { ZIdSchema, zDbId } from "../../common/ids";
import { pageOf, ZPageQuerySchema } from "../../common/paging";
import { zText, zTrimmed } from "../../common/text";
import { TECH_PACK_APPROVAL_STATES, ZProductSchema, ZProductVersionSchema, ZTechPackSendSchema } from "../products";
import { ZPomSchema } from "./tabs/graded-spec";
import { ZTechPackImageSchema } from "./tabs/images";
import { ZColorwayRefSchema } from "./tabs/parts";

export * from "./tabs/index";

/**
 * The smart tech pack (issue 12): /productDev/products/{productId}/versions/{version}/stps/{stpId}/{tab}.
 * Each editable tab is a document read and saved on its own with its tab version
 * (`GET|PUT /productDev/stps/{stpId}/tabs/{tab}`); a stale save is a 409 naming who saved and when.
 */

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
    /**
     * For a facility: the newest older version of this product it acknowledged, so it opens on the
     * changes since the version it built; null for the team, or when it acknowledged none.
     */
    changesSince: z.object({ stpId: z.number().int(), version: z.number().int() }).nullable(),
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
  title: zTrimmed(200, 1, "Enter a task"),
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
