import { ZPL_CONTENT_TYPE } from "@hub/contracts";
import type { FastifyReply } from "fastify";

/**
 * The Hub's own 4 × 6 in shipping label as ZPL (Zebra Programming Language), for a facility whose
 * Factory Config prints shipping labels on a thermal printer: 203 dpi (812 × 1218 dots), from,
 * carrier and service, the ship-to address, the tracking number as a Code128 barcode (^BC) with its
 * text, and the shipment and order. Text goes through ^FH (hex escapes), so an address holding ^ or ~
 * cannot end a field or start a command; ^CI28 makes the escaped bytes UTF-8.
 */
export type ZplLabel = {
  from: string;
  carrier: string;
  service: string | null;
  shipTo: string[];
  tracking: string;
  footer: string;
  pieces: string;
};

/** A field's text for ^FH: printable ASCII stays, the rest (and ^ ~ _ \) is _HH per UTF-8 byte. */
export const zplText = (text: string): string =>
  [...Buffer.from(text.replace(/[\r\n\t]+/g, " "), "utf8")]
    .map((b) =>
      b >= 0x20 && b < 0x7f && !"^~_\\".includes(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `_${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

const field = (x: number, y: number, size: number, text: string) =>
  `^FO${x},${y}^A0N,${size},${size}^FH^FD${zplText(text)}^FS`;
const rule = (y: number) => `^FO20,${y}^GB772,4,4^FS`;

export const zplLabel = (l: ZplLabel): string => {
  // A long tracking number (USPS: 22 digits) gets narrower bars so it stays on the 4 in label.
  const module = l.tracking.length > 14 ? 2 : 3;
  return [
    "^XA",
    "^CI28",
    "^PW812",
    "^LL1218",
    "^LH0,0",
    field(30, 30, 22, "FROM"),
    field(30, 60, 30, l.from),
    field(480, 30, 50, l.carrier.toUpperCase()),
    field(480, 90, 28, l.service ?? ""),
    rule(140),
    field(30, 165, 22, "SHIP TO"),
    ...l.shipTo.slice(0, 8).map((line, i) => field(30, 200 + i * 44, 38, line)),
    rule(570),
    field(30, 595, 22, "TRACKING"),
    `^BY${module},3,200`,
    `^FO40,640^BCN,200,Y,N,N,A^FH^FD${zplText(l.tracking)}^FS`,
    rule(1000),
    field(30, 1030, 28, l.footer),
    field(30, 1075, 28, l.pieces),
    "^XZ",
    "",
  ].join("\n");
};

/** A ZPL label the browser downloads (a thermal printer's software sends it on); never cached. */
export const sendZpl = (reply: FastifyReply, file: { bytes: Buffer; fileName: string }) =>
  reply
    .header("content-type", ZPL_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.bytes);
