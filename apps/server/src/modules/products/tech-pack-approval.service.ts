import {
  BOM_TABS,
  HANDOFF_MESSAGES,
  type PRODUCT_STATUSES,
  type TApproval,
  type TApprovalRequest,
  type TBomData,
  type TChecklistItem,
  type TConfirmSetup,
  type TDocumentTab,
  type TDocumentTabData,
  TECH_PACK_MESSAGES,
  type TProductFields,
  type TTechPackHeader,
  type TTechPackSummary,
  techPackPath,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict, forbidden } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import type { Principal } from "../../platform/principal";
import { sendMessage, to } from "../messages/send";
import { recordEvent as raiseEvent } from "../webhooks/events";
import {
  brandOf,
  displayNameOf,
  emailFacility,
  facilitiesOfTeam,
  markOpened,
  recordSend,
  sendsOf,
} from "./handoff.service";
import { productOfPack, recordEvent } from "./products.service";
import { assertWritable, DETAILS_TAB, isFrozen, type PackContext, packFor, pr, tp } from "./scope";
import { markStylesOutOfDate } from "./style-from-pack.service";
import { canEditPack, colorwayRefs, costingOf, readAllParts, teamClientOf, writeDetails } from "./tech-pack-parts";
import { tasksOf } from "./tech-pack-tasks.service";
import { changesSinceOf } from "./version-compare.service";

/** The header, the checklist, the summary, and approval: submit, approve, reject, send. */

const approvals = schema.pdTechPackApprovals;
const history = schema.pdTechPackHistory;

// ---- header, checklist, summary ------------------------------------------------------------------

/** The header: the product as this version shows it (its own details), the version, what the caller may do. */
export const headerOf = async (db: HubDb | HubTx, p: Principal, ctx: PackContext): Promise<TTechPackHeader> => ({
  stpId: ctx.pack.id,
  product: {
    ...(await productOfPack(db, ctx)),
    ...ctx.details,
  },
  version: {
    version: ctx.pack.version,
    stpId: ctx.pack.id,
    approvalState: ctx.pack.approvalState,
    note: ctx.pack.note,
    readOnly: !ctx.latest,
    sentToFactoryAt: ctx.pack.sentToFactoryAt?.toISOString() ?? null,
    sentToFactoryBy: ctx.pack.sentToFactoryBy,
    sends:
      (await sendsOf(db, [ctx.pack.id], ctx.viewer === "facility" ? p.factoryIds : undefined)).get(ctx.pack.id) ?? [],
    createdBy: ctx.pack.createdBy,
    createdAt: ctx.pack.createdAt.toISOString(),
  },
  canEdit: canEditPack(ctx),
  canApprove: ctx.role === "ADMIN" && ctx.pack.approvalState === "submitted",
  viewer: ctx.viewer,
  frozen: isFrozen(ctx),
  changesSince: await changesSinceOf(db, p, ctx),
});

/** The tech pack's header; a facility opening a version sent to it is recorded the first time. */
export const readHeader = async (db: HubDb, p: Principal, stpId: number) => {
  const ctx = await packFor(db, p, stpId);
  await markOpened(db, p, ctx);
  return headerOf(db, p, ctx);
};

/** What is missing before submission; `required` items block the submit. */
export const checklistOf = (
  product: TProductFields,
  all: { [K in TDocumentTab]: TDocumentTabData<K> },
): TConfirmSetup & { missingRequired: string[] } => {
  const bomRows = BOM_TABS.flatMap((t) => (all[t] as TBomData).rows);
  const keys = all.colorways.colorways.map((c) => c.key);
  const items: (TChecklistItem & { required: boolean })[] = [
    {
      key: "details",
      label: "Season and category are set",
      tab: "editProductDetails",
      done: !!product.season && !!product.category,
      required: false,
    },
    {
      key: "frontImage",
      label: "A front image is uploaded",
      tab: "images",
      done: all.images.images.some((i) => i.category === "front"),
      required: false,
    },
    {
      key: "colorways",
      label: "At least one colourway",
      tab: "colorways",
      done: keys.length > 0,
      required: true,
    },
    {
      key: "fabrics",
      label: "At least one fabric in the bill of materials",
      tab: "fabrics",
      done: all.fabrics.rows.length > 0,
      required: true,
    },
    {
      key: "bomColorways",
      label: "Every BOM row is filled for every colourway",
      tab: "fabrics",
      done: bomRows.length > 0 && bomRows.every((r) => keys.every((k) => r.cells[k] !== undefined)),
      required: true,
    },
    {
      key: "sizing",
      label: "Sizes and a base size",
      tab: "sizing",
      done: all.sizing.sizes.includes(all.sizing.baseSize),
      required: true,
    },
    {
      key: "gradedSpec",
      label: "Points of measure in the graded spec",
      tab: "gradedSpec",
      done: all.gradedSpec.points.length > 0,
      required: true,
    },
    {
      key: "costing",
      label: "Labour cost in the estimates",
      tab: "estimates",
      done: all.estimates.labourCents > 0,
      required: false,
    },
    {
      key: "construction",
      label: "Construction steps",
      tab: "constructionDetails",
      done: all.constructionDetails.steps.length > 0,
      required: false,
    },
  ];
  const missingRequired = items.filter((i) => i.required && !i.done).map((i) => i.label);
  return {
    items: items.map(({ required: _r, ...i }) => i),
    complete: items.every((i) => i.done),
    missingRequired,
  };
};

export const readConfirmSetup = async (db: HubDb, p: Principal, stpId: number): Promise<TConfirmSetup> => {
  const ctx = await packFor(db, p, stpId);
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.details, await readAllParts(db, stpId));
  return checklist;
};

export const readSummary = async (db: HubDb, p: Principal, stpId: number): Promise<TTechPackSummary> => {
  const ctx = await packFor(db, p, stpId);
  const all = await readAllParts(db, stpId);
  const costing = await costingOf(db, ctx.product.teamId, all);
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.details, all);
  return {
    header: await headerOf(db, p, ctx),
    images: all.images.images,
    colorways: colorwayRefs(all.colorways),
    sizes: all.sizing.sizes,
    baseSize: all.sizing.baseSize,
    bomRows: BOM_TABS.reduce((s, t) => s + (all[t] as TBomData).rows.length, 0),
    pomCount: all.gradedSpec.points.length,
    criticalPoms: all.gradedSpec.points.filter((x) => x.critical).length,
    landedCents: costing[0]?.landedCents ?? null,
    priceCents: costing[0]?.priceCents ?? null,
    openTasks: ctx.viewer === "facility" ? [] : await tasksOf(db, ctx.product.id, true),
    checklist,
  };
};

// ---- approval -----------------------------------------------------------------------------------

export const readApproval = async (db: HubDb, p: Principal, stpId: number): Promise<TApproval> => {
  const ctx = await packFor(db, p, stpId);
  const u = schema.users;
  const log = await db
    .select({
      row: approvals,
      name: sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`,
    })
    .from(approvals)
    .leftJoin(u, sql`lower(${u.userName}) = lower(${approvals.userName})`)
    .where(eq(approvals.techPackId, stpId))
    .orderBy(desc(approvals.at), desc(approvals.id));
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.details, await readAllParts(db, stpId));
  const state = ctx.pack.approvalState;
  const team = ctx.viewer === "team";
  const { facilities, defaultId } = team
    ? await facilitiesOfTeam(db, ctx.product.teamId)
    : { facilities: [], defaultId: null };
  const sent = (await sendsOf(db, [stpId], team ? undefined : p.factoryIds)).get(stpId) ?? [];
  const unsent = facilities.filter((f) => !sent.some((s) => s.factoryId === f.id));
  return {
    state,
    canSubmit: ctx.role !== null && ctx.latest && (state === "draft" || state === "rejected"),
    canApprove: ctx.role === "ADMIN" && state === "submitted",
    canSend: ctx.role === "ADMIN" && ctx.latest && state === "approved" && unsent.length > 0,
    sentToFactoryAt: ctx.pack.sentToFactoryAt?.toISOString() ?? null,
    facilities: unsent,
    defaultFacilityId: unsent.some((f) => f.id === defaultId) ? defaultId : (unsent[0]?.id ?? null),
    sends: sent,
    secondPersonRequired: team && (await secondPersonRequired(db, ctx.product.teamId)),
    log: log.map(({ row: r, name }) => ({
      id: r.id,
      action: r.action,
      comment: r.comment,
      userName: r.userName,
      userDisplayName: name ?? r.userName,
      at: r.at.toISOString(),
    })),
    checklist,
  };
};

/** The workflow moves the status of the version (its details) and of the product (the list's copy). */
const setProductStatus = async (tx: HubTx, ctx: PackContext, p: Principal, to: (typeof PRODUCT_STATUSES)[number]) => {
  if (ctx.details.status === to) return;
  await writeDetails(tx, ctx.pack.id, { ...ctx.details, status: to });
  await tx.update(pr).set({ status: to, updatedAt: new Date() }).where(eq(pr.id, ctx.product.id));
  await tx.insert(history).values({
    techPackId: ctx.pack.id,
    userName: p.userName,
    tab: DETAILS_TAB,
    field: "status",
    oldValue: ctx.details.status,
    newValue: to,
  });
};

const secondPersonRequired = async (db: HubDb | HubTx, teamId: number): Promise<boolean> => {
  const [row] = await db
    .select({ on: schema.teams.approvalBySecondPerson })
    .from(schema.teams)
    .where(eq(schema.teams.id, teamId));
  return row?.on ?? false;
};

/** Who submitted the version last (the approver must be someone else when the team says so). */
const lastSubmitter = async (tx: HubTx, stpId: number): Promise<string | null> => {
  const [row] = await tx
    .select({ userName: approvals.userName })
    .from(approvals)
    .where(and(eq(approvals.techPackId, stpId), eq(approvals.action, "submit")))
    .orderBy(desc(approvals.at), desc(approvals.id))
    .limit(1);
  return row?.userName ?? null;
};

/** What sending needs besides the database: the mailer that tells the facility. */
export type SendMail = { mailer: Mailer; config: HubConfig };

export type ApprovalAction = "submit" | "approve" | "reject" | "send";

export const approvalAction = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  action: ApprovalAction,
  req: TApprovalRequest,
  mail?: SendMail,
): Promise<TApproval> => {
  const comment = req.comment?.trim() || null;
  const sent = await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    assertWritable(ctx);
    if (ctx.role === null) throw forbidden("Only members of the product's team can do this.");
    // Lock the pack row so two decisions on it queue up and the second sees the first's state.
    await tx.execute(sql`select 1 from ${tp} where ${tp.id} = ${stpId} for update`);
    const [fresh] = await tx.select().from(tp).where(eq(tp.id, stpId));
    const state = fresh?.approvalState ?? ctx.pack.approvalState;
    let next = state;
    if (action === "submit") {
      if (state === "submitted") throw conflict(TECH_PACK_MESSAGES.alreadySubmitted);
      if (state === "approved") throw conflict(TECH_PACK_MESSAGES.alreadyApproved);
      const { missingRequired } = checklistOf(ctx.details, await readAllParts(tx, stpId));
      if (missingRequired.length > 0)
        throw badRequest(`${TECH_PACK_MESSAGES.missingSetup} Missing: ${missingRequired.join("; ")}.`, {
          checklist: missingRequired.join("; "),
        });
      next = "submitted";
    } else if (action === "approve" || action === "reject") {
      if (ctx.role !== "ADMIN") throw forbidden(TECH_PACK_MESSAGES.approveRole);
      if (state !== "submitted") throw conflict(TECH_PACK_MESSAGES.notSubmitted);
      if (
        action === "approve" &&
        (await secondPersonRequired(tx, ctx.product.teamId)) &&
        (await lastSubmitter(tx, stpId))?.toLowerCase() === p.userName.toLowerCase()
      )
        throw forbidden(HANDOFF_MESSAGES.secondPerson);
      if (action === "reject" && !comment)
        throw badRequest(TECH_PACK_MESSAGES.rejectComment, { comment: TECH_PACK_MESSAGES.rejectComment });
      next = action === "approve" ? "approved" : "rejected";
    } else {
      if (ctx.role !== "ADMIN") throw forbidden(TECH_PACK_MESSAGES.approveRole);
      if (state !== "approved") throw conflict(TECH_PACK_MESSAGES.notApproved);
    }
    const facility = action === "send" ? await recordSend(tx, p, ctx, req.factoryId) : null;
    await tx
      .update(tp)
      .set(
        action === "send"
          ? fresh?.sentToFactoryAt
            ? {}
            : { sentToFactoryAt: new Date(), sentToFactoryBy: p.userName }
          : { approvalState: next as typeof state },
      )
      .where(eq(tp.id, stpId));
    await tx.insert(approvals).values({ techPackId: stpId, action, comment, userName: p.userName });
    await recordEvent(
      tx,
      stpId,
      p.userName,
      "approval",
      action === "send" ? "sent to factory" : "approval",
      facility ? `v${ctx.pack.version} to ${facility.name}` : `${state} → ${next}${comment ? `: ${comment}` : ""}`,
    );
    if (action === "submit" && (ctx.product.status === "concept" || ctx.product.status === "in_development"))
      await setProductStatus(tx, ctx, p, "sampling");
    if (action === "approve" && ctx.product.status !== "in_production") await setProductStatus(tx, ctx, p, "approved");
    // Styles the facilities made from an older version are out of date until they review this one.
    if (action === "approve") await markStylesOutOfDate(tx, ctx.product.id, stpId);
    if (action === "send") await setProductStatus(tx, ctx, p, "in_production");
    await recordAudit(tx, {
      actor: p.userName,
      action: `products.techPack.${action}`,
      subject: `techPacks:${stpId}`,
      detail: { product: ctx.product.id, version: ctx.pack.version, ...(facility ? { factoryId: facility.id } : {}) },
    });
    // The brand's integrations hear an approval and a send (webhooks, the event log).
    if (action === "approve" || (action === "send" && facility)) {
      const clientId = await teamClientOf(tx, ctx.product.teamId);
      const about = { productId: ctx.product.id, code: ctx.product.code, version: ctx.pack.version, stpId };
      if (clientId !== null)
        await raiseEvent(
          tx,
          clientId,
          action === "approve" ? "product.approved" : "techpack.sent",
          facility
            ? { ...about, factoryId: facility.id, factoryName: facility.name, sentBy: p.userName }
            : { ...about, approvedBy: p.userName },
        );
    }
    if (action === "approve" || (action === "send" && facility))
      await sendMessage(
        tx,
        {
          kind: action === "approve" ? "techpack.approved" : "techpack.sent",
          title:
            action === "approve"
              ? `${ctx.product.code} version ${ctx.pack.version} was approved`
              : `${ctx.product.code} version ${ctx.pack.version} was sent to ${facility?.name ?? "the factory"}`,
          body: `${ctx.details.name ?? ctx.product.code}, by ${p.userName}${comment ? `: ${comment}` : "."}`,
          link: techPackPath(ctx.product.id, ctx.pack.version, stpId),
        },
        to.team(ctx.product.teamId),
      );
    return facility ? { facility, ctx } : null;
  });
  if (sent && mail)
    await emailFacility(db, mail.mailer, mail.config, sent.facility, {
      brand: await brandOf(db, sent.ctx.product.teamId),
      details: sent.ctx.details,
      version: sent.ctx.pack.version,
      sentBy: await displayNameOf(db, p),
    });
  return readApproval(db, p, stpId);
};
