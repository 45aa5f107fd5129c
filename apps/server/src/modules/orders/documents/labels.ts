import { lineLabelCode, type TLabelsQuery } from "@hub/contracts";
import type { PdfKit } from "../../../platform/pdf";
import { labelsDocument } from "../../../platform/pdf-labels";
import type { SlipOrder } from "./packing-slip";

const optionsText = (l: SlipOrder["lines"][number]) => l.options.map((o) => o.attributeName).join(" / ");

/**
 * Barcode labels, one per line, encoding `SO-000123-L2` (order and line number), with the style,
 * quantity, options, SKU and PO printed (platform/pdf-labels.ts: a sheet or one 4 x 6 in per page).
 */
export const lineLabels = (kit: PdfKit, order: SlipOrder, q: TLabelsQuery) =>
  labelsDocument(
    kit,
    order.lines.map((line) => ({
      code: lineLabelCode(order.orderNumber, line.lineNumber),
      header: `${order.facilityName} · ${order.clientName}`,
      title: `${line.styleCode} ${line.styleName}`,
      lines: [
        `Qty ${line.quantity}${optionsText(line) ? ` · ${optionsText(line)}` : ""}`,
        `SKU ${line.sku}`,
        `PO ${order.poNumber ?? "-"}`,
      ],
    })),
    q,
    { title: `Labels ${order.orderNumber}`, author: order.facilityName },
  );
