import {
  PRODUCT_STATUS_LABELS,
  type TColorwayCosting,
  type TDocumentTab,
  type TDocumentTabData,
  TECH_PACK_APPROVAL_LABELS,
  TECH_PACK_TAB_LABELS,
  type TTechPackHeader,
  type TVersionCompare,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { desc, eq } from "drizzle-orm";
import type { FilesAdapter } from "../../platform/files/adapter";
import { loadPdfKit, type PdfKit, renderPdf } from "../../platform/pdf";
import { type PdfFonts, pdfFontsFor } from "../../platform/pdf-fonts";
import type { Principal } from "../../platform/principal";
import { markOpened } from "./handoff.service";
import { packFor } from "./scope";
import { shippingProfileLine } from "./shipping-profiles";
import { headerOf } from "./tech-pack-approval.service";
import { bomRowsOf, chartOf, costingOf, readAllParts, uploadsOf } from "./tech-pack-parts";
import { withFonts } from "./tech-pack-pdf-styles";
import { translatedPartsFor } from "./translation.service";
import { compareVersions, lastSentBefore } from "./version-compare.service";

type Picture = { data: Buffer; format: "png" | "jpg" };

/** Everything the tech pack PDF prints, read through the pack's team scope. */
export type TechPackDoc = {
  header: TTechPackHeader;
  all: { [K in TDocumentTab]: TDocumentTabData<K> };
  bom: {
    tab: string;
    itemCode: string;
    itemName: string;
    placement: string;
    quantity: string;
    unit: string;
    cells: Record<string, string>;
  }[];
  costing: TColorwayCosting[];
  chart: { code: string; values: Record<string, number> }[];
  images: { category: string; caption: string; picture: Picture | null }[];
  stepImages: Map<number, Picture>;
  fabricNames: Map<number, string>;
  approvals: { action: string; comment: string | null; userName: string; at: string }[];
  /** The packaging tab's shipping profile in one line (issue 19), under the bill of materials. */
  shipping: string | null;
  /** The changes since the version the reader built (a facility) or the last one sent (the team): a page of its own. */
  changes: TVersionCompare | null;
  /** A translated tech pack's fonts; null: Helvetica. */
  fonts: PdfFonts | null;
};

const money = (c: number | null | undefined) => (c === null || c === undefined ? "-" : `$${(c / 100).toFixed(2)}`);

/** The tech pack as a factory reads it: one section per tab, each starting on its own page. */
export const techPackDocument = (kit: PdfKit, d: TechPackDoc) => {
  const { h, pdf } = kit;
  const { Document, Page, View, Text, Image } = pdf;
  const S = withFonts(d.fonts);
  const p = d.header.product;
  const title = `${p.code} ${p.name} · v${d.header.version.version}`;
  const table = (
    columns: { label: string; flex?: "cell" | "wide" | "num" }[],
    rows: (string[] | { critical: boolean; cells: string[] })[],
  ) =>
    h(
      View,
      null,
      ...[
        h(
          View,
          { style: S.head, fixed: true },
          ...columns.map((c, i) => h(Text, { key: i, style: S[c.flex ?? "cell"] }, c.label)),
        ),
        ...rows.map((r, ri) => {
          const cells = Array.isArray(r) ? r : r.cells;
          const critical = !Array.isArray(r) && r.critical;
          return h(
            View,
            { key: ri, style: critical ? S.critical : S.row, wrap: false },
            ...cells.map((v, i) => h(Text, { key: i, style: S[columns[i]?.flex ?? "cell"] }, v)),
          );
        }),
      ],
    );
  const page = (key: string, heading: string, ...children: unknown[]) =>
    h(
      Page,
      { key, size: "LETTER", orientation: "landscape", style: S.page, wrap: true },
      h(
        View,
        { style: S.band, fixed: true },
        h(Text, { style: S.bandTitle }, title),
        h(Text, { style: S.muted }, `${p.teamName} · ${TECH_PACK_APPROVAL_LABELS[d.header.version.approvalState]}`),
      ),
      h(Text, { style: S.h1 }, heading),
      ...(children as never[]),
      h(
        View,
        { style: S.footer, fixed: true },
        h(Text, null, `Smart tech pack ${p.code} v${d.header.version.version}`),
        h(Text, {
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `Page ${pageNumber} of ${totalPages}`,
        }),
      ),
    );
  const fact = (label: string, value: string | null) =>
    h(View, { style: S.fact }, h(Text, { style: S.label }, label), h(Text, null, value || "-"));
  const colorways = d.all.colorways.colorways;
  const sizes = d.all.sizing.sizes;
  const unit = d.all.gradedSpec.unit;

  return h(
    Document,
    { title, author: p.teamName, creator: "The Hub", producer: "The Hub" },
    page(
      "summary",
      `${p.name}`,
      h(Text, { style: S.muted }, `${p.code} · version ${d.header.version.version}`),
      h(
        View,
        { style: S.facts },
        fact("Status", PRODUCT_STATUS_LABELS[p.status]),
        fact("Season", p.season),
        fact("Category", p.category),
        fact("Collection", p.collection),
        fact("Batch", p.batch),
        fact("Fit", p.fit),
        fact("Target cost", money(p.targetCostCents)),
        fact("Target price", money(p.targetPriceCents)),
        fact("Tags", p.tags.join(", ")),
        fact("Sizes", `${sizes.join(", ")} (base ${d.all.sizing.baseSize})`),
        fact("Colourways", colorways.map((c) => `${c.key} ${c.name}`).join(", ")),
        fact("Approval", TECH_PACK_APPROVAL_LABELS[d.header.version.approvalState]),
      ),
      p.description ? h(Text, { style: { marginTop: 6 } }, p.description) : null,
      h(
        View,
        { style: S.pictures },
        ...d.images.map((img, i) =>
          h(
            View,
            { key: i, style: S.picture, wrap: false },
            img.picture
              ? h(Image, { src: img.picture, style: S.img })
              : h(View, { style: S.img }, h(Text, { style: S.muted }, "(image unavailable)")),
            h(Text, { style: S.label }, img.category),
            h(Text, null, img.caption),
          ),
        ),
      ),
    ),
    d.changes
      ? page(
          "changes",
          `Changes since v${d.changes.from.version}`,
          h(
            Text,
            { style: S.muted },
            `What changed from version ${d.changes.from.version} to version ${d.changes.to.version}, tab by tab.`,
          ),
          ...(d.changes.tabs.length === 0
            ? [h(Text, { style: { marginTop: 6 } }, "Nothing changed.")]
            : d.changes.tabs.flatMap((tab) => [
                h(Text, { style: S.h2 }, tab.label),
                table(
                  [{ label: "Change" }, { label: "Row", flex: "wide" }, { label: "What changed", flex: "wide" }],
                  [
                    ...(tab.fields.length ? [{ change: "changed", label: tab.label, fields: tab.fields }] : []),
                    ...tab.rows,
                  ].map((r) => [
                    r.change,
                    r.label,
                    r.fields.map((f) => `${f.field}: ${f.old ?? "-"} -> ${f.new ?? "-"}`).join("; "),
                  ]),
                ),
              ])),
        )
      : null,
    page(
      "bom",
      "Bill of materials",
      table(
        [
          { label: "Tab" },
          { label: "Item", flex: "wide" },
          { label: "Placement" },
          { label: "Qty", flex: "num" },
          ...colorways.map((c) => ({ label: `${c.key} ${c.name}` })),
        ],
        d.bom.map((r) => [
          TECH_PACK_TAB_LABELS[r.tab as TDocumentTab] ?? r.tab,
          `${r.itemCode} ${r.itemName}`,
          r.placement,
          `${r.quantity} ${r.unit}`,
          ...colorways.map((c) => r.cells[c.key] ?? "-"),
        ]),
      ),
      d.shipping ? h(Text, { style: S.h2 }, "Shipping profile") : null,
      d.shipping ? h(Text, null, d.shipping) : null,
    ),
    page(
      "costing",
      "Estimates",
      table(
        [
          { label: "Colourway", flex: "wide" },
          { label: "Materials", flex: "num" },
          { label: "Labour", flex: "num" },
          { label: "Overheads", flex: "num" },
          { label: "Duty", flex: "num" },
          { label: "Freight", flex: "num" },
          { label: "Landed", flex: "num" },
          { label: "Price", flex: "num" },
          { label: "Margin", flex: "num" },
        ],
        d.costing.map((c) => [
          c.name,
          money(c.materialsCents),
          money(c.labourCents),
          money(c.overheadCents),
          money(c.dutyCents),
          money(c.freightCents),
          money(c.landedCents),
          money(c.priceCents),
          money(c.marginCents),
        ]),
      ),
      h(Text, { style: S.h2 }, "Price by quantity"),
      table(
        [
          { label: "Colourway", flex: "wide" },
          ...d.all.estimates.quantities.map((q) => ({ label: `${q} pcs`, flex: "num" as const })),
        ],
        d.costing.map((c) => [
          c.name,
          ...c.byQuantity.map((b) => `${money(b.unitPriceCents)} / ${money(b.unitLandedCents)}`),
        ]),
      ),
    ),
    page(
      "spec",
      `Graded spec (${unit})`,
      table(
        [
          { label: "POM" },
          { label: "Description", flex: "wide" },
          { label: "Tol +/-", flex: "num" },
          ...sizes.map((s) => ({ label: s === d.all.sizing.baseSize ? `${s}*` : s, flex: "num" as const })),
        ],
        d.all.gradedSpec.points.map((pt, i) => ({
          critical: pt.critical,
          cells: [
            `${pt.critical ? "! " : ""}${pt.code}`,
            pt.description,
            `+${pt.tolPlus} / -${pt.tolMinus}`,
            ...sizes.map((s) => {
              const v = d.chart[i]?.values[s];
              return v === undefined ? "-" : v.toFixed(2);
            }),
          ],
        })),
      ),
      h(Text, { style: { ...S.muted, marginTop: 6 } }, "* base size · ! critical point of measure (highlighted)"),
    ),
    page(
      "cutters",
      "Cutter's must",
      table(
        [
          { label: "Group" },
          { label: "Piece", flex: "wide" },
          { label: "Fabric", flex: "wide" },
          { label: "Count", flex: "num" },
        ],
        d.all.cuttersMust.pieces.map((x) => [
          x.group,
          x.name,
          x.fabricItemId === null ? "-" : (d.fabricNames.get(x.fabricItemId) ?? `#${x.fabricItemId}`),
          String(x.count),
        ]),
      ),
      h(Text, { style: S.h2 }, "Trims"),
      ...d.all.cuttersMust.trims.map((t, i) => h(Text, { key: `t${i}` }, `${t.name}: ${t.quantity}`)),
      h(Text, { style: S.h2 }, "Cutting notes"),
      h(Text, null, d.all.cuttersMust.notes || "-"),
    ),
    page(
      "construction",
      "Construction details",
      ...d.all.constructionDetails.steps.map((step, i) => {
        const picture = step.imageFileId ? d.stepImages.get(step.imageFileId) : undefined;
        return h(
          View,
          { key: i, style: S.step, wrap: false },
          h(Text, { style: S.h2 }, `${i + 1}. ${step.title}`),
          step.description ? h(Text, null, step.description) : null,
          picture
            ? h(
                View,
                { style: S.stepImage },
                h(Image, { src: picture, style: { width: 260, height: 260, objectFit: "contain" } }),
                ...step.callouts.map((c, n) =>
                  h(Text, { key: n, style: { ...S.marker, left: c.x * 260 - 7, top: c.y * 260 - 7 } }, String(n + 1)),
                ),
              )
            : null,
          ...step.callouts.map((c, n) => h(Text, { key: `c${n}` }, `(${n + 1}) ${c.text}`)),
        );
      }),
    ),
    page(
      "options",
      "Packaging, options and approvals",
      table(
        [{ label: "Option" }, { label: "Choices", flex: "wide" }],
        d.all.productOptions.options.map((o) => [
          o.name,
          o.choices.map((c) => (c.upchargeCents ? `${c.name} (+${money(c.upchargeCents)})` : c.name)).join(", "),
        ]),
      ),
      h(Text, { style: S.h2 }, "Approvals"),
      table(
        [{ label: "When" }, { label: "Who" }, { label: "Action" }, { label: "Comment", flex: "wide" }],
        d.approvals.map((a) => [a.at.slice(0, 16).replace("T", " "), a.userName, a.action, a.comment ?? ""]),
      ),
    ),
  );
};

const pictureOf = async (files: FilesAdapter, storageKey: string, contentType: string): Promise<Picture | null> => {
  const format = contentType === "image/png" ? "png" : contentType === "image/jpeg" ? "jpg" : null;
  if (!format) return null;
  const stream = await files.get(storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { data: Buffer.concat(chunks), format };
};

export const techPackPdf = async (
  db: HubDb,
  files: FilesAdapter,
  p: Principal,
  stpId: number,
  lang?: string,
): Promise<{ bytes: Buffer; fileName: string }> => {
  const ctx = await packFor(db, p, stpId);
  // A language asked for: its stored translation in place of the texts (refused before anything is marked opened).
  const translated = lang ? await translatedPartsFor(db, ctx, lang) : null;
  await markOpened(db, p, ctx);
  const teamId = ctx.product.teamId;
  const all = translated?.all ?? (await readAllParts(db, stpId));
  const { rows } = await bomRowsOf(db, teamId, all);
  const variantIds = rows.flatMap((r) => Object.values(r.cells).flatMap((c) => (c.variantId ? [c.variantId] : [])));
  const lv = schema.pdLibraryVariants;
  const variantNames = new Map<number, string>();
  for (const id of new Set(variantIds)) {
    const [v] = await db.select({ code: lv.code, name: lv.name }).from(lv).where(eq(lv.id, id));
    if (v) variantNames.set(id, `${v.code} ${v.name}`);
  }
  const fileIds = [
    ...all.images.images.map((i) => i.fileId),
    ...all.constructionDetails.steps.flatMap((s) => (s.imageFileId ? [s.imageFileId] : [])),
  ];
  const uploads = await uploadsOf(db, teamId, fileIds);
  const f = schema.storedFiles;
  const pictures = new Map<number, Picture>();
  for (const u of uploads) {
    const [row] = await db.select({ key: f.storageKey }).from(f).where(eq(f.id, u.id));
    const picture = row ? await pictureOf(files, row.key, u.contentType).catch(() => null) : null;
    if (picture) pictures.set(u.id, picture);
  }
  const a = schema.pdTechPackApprovals;
  const approvals = await db.select().from(a).where(eq(a.techPackId, stpId)).orderBy(desc(a.at));
  const header = await headerOf(db, p, ctx);
  if (translated) header.product = { ...header.product, description: translated.description };
  const since = header.changesSince?.stpId ?? (ctx.viewer === "team" ? await lastSentBefore(db, ctx) : null);
  const doc: TechPackDoc = {
    header,
    changes: since ? await compareVersions(db, p, stpId, since) : null,
    shipping: await shippingProfileLine(db, teamId, all.packaging.shippingProfileId ?? null),
    all,
    fonts: null,
    bom: rows.map((r) => ({
      tab: r.tab,
      itemCode: r.itemCode,
      itemName: r.itemName,
      placement: r.placement,
      quantity: r.quantity,
      unit: r.unit,
      cells: Object.fromEntries(
        Object.entries(r.cells).map(([k, c]) => [
          k,
          [c.variantId ? (variantNames.get(c.variantId) ?? `#${c.variantId}`) : "(item)", c.note]
            .filter(Boolean)
            .join(" · "),
        ]),
      ),
    })),
    costing: await costingOf(db, teamId, all),
    chart: chartOf(all.sizing, all.gradedSpec),
    images: all.images.images.map((i) => ({
      category: i.category,
      caption: i.caption,
      picture: pictures.get(i.fileId) ?? null,
    })),
    stepImages: pictures,
    fabricNames: new Map(rows.map((r) => [r.itemId, `${r.itemCode} ${r.itemName}`])),
    approvals: approvals.map((r) => ({
      action: r.action,
      comment: r.comment,
      userName: r.userName,
      at: r.at.toISOString(),
    })),
  };
  const kit = await loadPdfKit();
  if (lang) doc.fonts = pdfFontsFor(kit, lang);
  const safe = ctx.details.code.replace(/[^A-Za-z0-9._-]/g, "_");
  return {
    bytes: await renderPdf(kit, techPackDocument(kit, doc) as Parameters<typeof renderPdf>[1]),
    fileName: `tech-pack-${safe}-v${ctx.pack.version}${lang ? `-${lang.toLowerCase()}` : ""}.pdf`,
  };
};
