import { deflateSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A real, tiny PNG (2×2, one colour) generated in the test, so no binary fixture lives in the repo. */
export const smallPng = (rgb: [number, number, number] = [200, 30, 60]): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.from([0, ...rgb, ...rgb]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat([row, row]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

/** /uploadPrintFiles as a person sees it. */
export class PrintFilesScreen {
  constructor(readonly page: Page) {}
  input = () => this.page.locator('input[type="file"]');
  grid = () => this.page.getByRole("grid", { name: "Print files" });
  cell = (text: string) => this.grid().getByRole("gridcell", { name: text, exact: true });
  downloadButton = (name: string) => this.page.getByRole("button", { name: `Download ${name}` });
  deleteButton = (name: string) => this.page.getByRole("button", { name: `Delete ${name}` });
  uploadError = (text: string | RegExp) =>
    this.page.getByRole("list", { name: "Uploads" }).getByRole("alert").filter({ hasText: text });

  async goto() {
    await this.page.goto("/uploadPrintFiles");
    await expect(this.page.getByRole("heading", { name: "Upload Print Files" })).toBeVisible();
  }

  async upload(name: string, mimeType: string, buffer: Buffer) {
    await this.input().setInputFiles({ name, mimeType, buffer });
  }

  async deleteConfirmed(name: string) {
    await this.deleteButton(name).click();
    const dialog = this.page.getByRole("dialog", { name: "Delete file?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
  }
}

export const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
