import { expect, type Page } from "@playwright/test";

/** A CSV file for setInputFiles or a drop. */
export const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(lines.join("\n")),
});

/** /importCsv: choose a resource, download its template, upload a file, read the report, import. */
export class ImportCsvScreen {
  constructor(readonly page: Page) {}
  resource = () => this.page.getByRole("combobox", { name: "What to import" });
  fileInput = () => this.page.getByLabel("CSV file", { exact: true });
  dropZone = () => this.page.getByRole("region", { name: "Drop a CSV file" });
  summary = () => this.page.getByLabel("Report summary");
  problemsAlert = () => this.page.getByTestId("import-problems");
  problems = () => this.page.getByRole("grid", { name: "Problems" });
  importButton = (rows: number) =>
    this.page.getByRole("button", { name: `Import ${rows} ${rows === 1 ? "row" : "rows"}` });
  chooseAnother = () => this.page.getByRole("button", { name: "Choose another file" });
  done = () => this.page.getByTestId("import-done");

  async goto() {
    await this.page.goto("/importCsv");
    await expect(this.page.getByRole("heading", { name: "Import Csv" })).toBeVisible();
  }

  async choose(label: string) {
    await this.resource().click();
    await this.page.getByRole("option", { name: label, exact: true }).click();
    await expect(this.resource()).toHaveText(label);
  }

  /** Clicks "Download template" and answers the file's text. */
  async downloadTemplate(): Promise<string> {
    const download = this.page.waitForEvent("download");
    await this.page.getByRole("button", { name: "Download template" }).click();
    const stream = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async upload(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.fileInput().setInputFiles(file);
  }

  /** Drops a file on the drop zone, as a file dragged from the desktop. */
  async drop(file: { name: string; mimeType: string; buffer: Buffer }) {
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, mimeType, text }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: mimeType }));
        return dt;
      },
      { name: file.name, mimeType: file.mimeType, text: file.buffer.toString("utf8") },
    );
    await this.dropZone().dispatchEvent("dragover", { dataTransfer });
    await this.dropZone().dispatchEvent("drop", { dataTransfer });
  }
}
