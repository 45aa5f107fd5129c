import { loadOnce } from "../../../platform/load-once";

/** The Import Tech Pack template: one sheet per section, with example rows a person overwrites. */
export const TEMPLATE_SHEETS: { name: string; rows: (string | number)[][] }[] = [
  {
    name: "Product details",
    rows: [
      ["Code", "TEE-100"],
      ["Name", "Classic crew tee"],
      ["Status", "Concept"],
      ["Season", "SS27"],
      ["Category", "Tops"],
      ["Collection", "Essentials"],
      ["Fit", "Regular"],
      ["Description", "Short-sleeve crew neck tee in cotton jersey."],
      ["Tags", "basics, knit"],
      ["Target cost", "6.50"],
      ["Target price", "29.00"],
      ["Sizes", "XS, S, M, L, XL"],
      ["Base size", "M"],
      ["Unit", "in"],
    ],
  },
  {
    name: "Colourways",
    rows: [
      ["Code", "Name"],
      ["BLK", "Black"],
      ["WHT", "White"],
    ],
  },
  {
    name: "BOM",
    rows: [
      ["Type", "Code", "Name", "Placement", "Quantity", "Unit", "Cost", "BLK", "WHT"],
      ["Fabric", "JER-180", "Cotton jersey 180 gsm", "Body", "1.25", "m", "8.00", "Black", "White"],
      ["Fabric", "RIB-1X1", "1x1 rib", "Neckband", "0.1", "m", "6.50", "Black", "White"],
      ["Label", "LBL-MAIN", "Woven main label", "Back neck", "1", "pc", "0.25", "", ""],
      ["Thread", "THR-120", "Polyester thread 120", "All seams", "150", "m", "0.01", "Black", "White"],
    ],
  },
  {
    name: "Points of measure",
    rows: [
      ["POM", "Description", "How to measure", "Tol", "Critical", "XS", "S", "M", "L", "XL"],
      ["A", "Chest width 1 in below armhole", "Edge to edge", "1/2", "Yes", "18", "19", "20", "21 1/2", "23"],
      ["B", "Body length from HPS", "HPS to hem", "1/2", "Yes", "26 1/2", "27", "27 1/2", "28", "28 1/2"],
      ["C", "Sleeve length", "Shoulder point to hem", "1/4", "", "7 3/4", "8", "8 1/4", "8 1/2", "8 3/4"],
    ],
  },
  {
    name: "Construction steps",
    rows: [
      ["Step", "Title", "Description"],
      [1, "Join shoulders", "4-thread overlock, tape back shoulder."],
      [2, "Attach neckband", "Cover-stitch 1/4 in from the seam."],
      [3, "Set sleeves and side seams", "Overlock; press seams to the back."],
      [4, "Hem", "Twin-needle cover-stitch, 3/4 in hem."],
    ],
  },
];

const loadExcel = loadOnce(async () => (await import("exceljs")).default);

export const templateWorkbook = async (): Promise<Buffer> => {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  for (const s of TEMPLATE_SHEETS) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
    ws.getRow(1).font = { bold: true };
    ws.columns.forEach((c) => {
      c.width = 18;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};
