import { segmentText } from "@hub/contracts";
import { describe, expect, it } from "vitest";
import { type MapToDecode, readSku } from "./decode";

/** "TEE-BLK-XL": style token at 1, colour at 5 (3 characters), size at 9 up to the next separator. */
const dashed: MapToDecode = {
  id: 4,
  name: "Tee (dashed)",
  styleId: 7,
  styleToken: "TEE",
  styleStart: 1,
  segments: [
    { optionId: 2, startPosition: 9, length: null },
    { optionId: 1, startPosition: 5, length: 3 },
  ],
};
const style = { id: 7, code: "TEE", name: "Classic tee" };
const names = new Map([
  [1, "Colour"],
  [2, "Size"],
]);
const offered = [
  { optionId: 1, attributeId: 11, code: "BLK", name: "Black" },
  { optionId: 1, attributeId: 12, code: "RED", name: "Red" },
  { optionId: 2, attributeId: 21, code: "S", name: "Small" },
  { optionId: 2, attributeId: 23, code: "XL", name: "Extra large" },
];
const read = (sku: string, map: MapToDecode = dashed) => readSku(map, sku, style, names, offered);
const reasons = (sku: string, map: MapToDecode = dashed) => {
  const r = read(sku, map);
  if (r.matched) throw new Error(`${sku} decoded`);
  return r.reasons;
};

describe("segmentText", () => {
  it("takes a fixed length from a 1-based position, or up to the next separator (- _ / space)", () => {
    expect(segmentText("TEE-BLK-XL", 5, 3)).toBe("BLK");
    expect(segmentText("TEE-BLK-XL", 9, null)).toBe("XL");
    for (const sep of ["-", "_", "/", " "]) expect(segmentText(`TEE${sep}BLK${sep}XL`, 5, null)).toBe("BLK");
    expect(segmentText("TEEBLKXL", 4, 3)).toBe("BLK");
    expect(segmentText("TEE-BL", 5, 3)).toBe("BL");
    expect(segmentText("TEE", 5, null)).toBe("");
  });
});

describe("readSku", () => {
  it("decodes the style and each option's attribute, segments in position order", () => {
    expect(read("TEE-BLK-XL")).toEqual({
      matched: true,
      sku: "TEE-BLK-XL",
      skuMapId: 4,
      skuMapName: "Tee (dashed)",
      style,
      choices: [
        {
          optionId: 1,
          optionName: "Colour",
          startPosition: 5,
          text: "BLK",
          attributeId: 11,
          attributeCode: "BLK",
          attributeName: "Black",
        },
        {
          optionId: 2,
          optionName: "Size",
          startPosition: 9,
          text: "XL",
          attributeId: 23,
          attributeCode: "XL",
          attributeName: "Extra large",
        },
      ],
    });
  });

  it("ignores case in the style token and the codes, and keeps the SKU's own text", () => {
    const r = read("tee-red-s");
    expect(r.matched && r.choices.map((c) => [c.text, c.attributeCode])).toEqual([
      ["red", "RED"],
      ["s", "S"],
    ]);
  });

  it("finds a style token away from the start, and fixed-length segments without separators", () => {
    const packed: MapToDecode = {
      ...dashed,
      styleToken: "TEE",
      styleStart: 3,
      segments: [
        { optionId: 1, startPosition: 6, length: 3 },
        { optionId: 2, startPosition: 9, length: 2 },
      ],
    };
    const r = read("XXTEEREDXL", packed);
    expect(r.matched && r.choices.map((c) => c.attributeId)).toEqual([12, 23]);
  });

  it("answers null as the map id for the form's unsaved map", () => {
    const r = read("TEE-BLK-S", { ...dashed, id: null });
    expect(r.matched && r.skuMapId).toBeNull();
  });

  it("says when the map's style no longer exists", () => {
    expect(readSku(dashed, "TEE-BLK-XL", undefined, names, offered)).toEqual({
      matched: false,
      sku: "TEE-BLK-XL",
      reasons: ['Sku map "Tee (dashed)" names a style that no longer exists.'],
    });
  });

  it("says what the SKU reads where the style token should be", () => {
    expect(reasons("TOP-BLK-XL")).toEqual([
      'Sku map "Tee (dashed)": the style token "TEE" should be at position 1, but the SKU reads "TOP" there.',
    ]);
    expect(reasons("TE")).toEqual([
      'Sku map "Tee (dashed)": the style token "TEE" should be at position 1, but the SKU reads "TE" there.',
    ]);
  });

  it("says which segment reads a code the style does not offer, listing the codes it does", () => {
    expect(reasons("TEE-GRN-XL")).toEqual([
      'Sku map "Tee (dashed)": Colour at position 5 reads "GRN", which is not a colour TEE offers (BLK, RED).',
    ]);
  });

  it("tells every failing segment, not only the first", () => {
    expect(reasons("TEE-GRN-XXL")).toEqual([
      'Sku map "Tee (dashed)": Colour at position 5 reads "GRN", which is not a colour TEE offers (BLK, RED).',
      'Sku map "Tee (dashed)": Size at position 9 reads "XXL", which is not a size TEE offers (S, XL).',
    ]);
  });

  it("says when a segment starts past the end of the SKU", () => {
    expect(reasons("TEE-BLK")).toEqual(['Sku map "Tee (dashed)": Size at position 9 is past the end of the SKU.']);
  });

  it("says when a segment starts on a separator, rather than past the end", () => {
    expect(reasons("TEE-BLK--XL")).toEqual([
      'Sku map "Tee (dashed)": Size at position 9 reads nothing: the SKU has a separator ("-") there.',
    ]);
  });

  it("says none when the style offers nothing for the option", () => {
    const r = readSku(
      dashed,
      "TEE-BLK-XL",
      style,
      names,
      offered.filter((x) => x.optionId !== 2),
    );
    expect(!r.matched && r.reasons).toEqual([
      'Sku map "Tee (dashed)": Size at position 9 reads "XL", which is not a size TEE offers (none).',
    ]);
  });

  it("names an option it cannot find by its id", () => {
    const r = readSku(dashed, "TEE-BLK-M", style, new Map(), offered);
    expect(!r.matched && r.reasons).toEqual([
      'Sku map "Tee (dashed)": option 2 at position 9 reads "M", which is not a option 2 TEE offers (S, XL).',
    ]);
  });
});
