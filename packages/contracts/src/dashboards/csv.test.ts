import { describe, expect, test } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("dashboard CSV", () => {
  test("a cell that starts like a formula gets an apostrophe; numbers stay numbers", () => {
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-x")).toBe("'-x");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(-12)).toBe("-12");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(toCsv(["a", "b"], [[1, "=x"]])).toBe("a,b\r\n1,'=x\r\n");
  });
});

import { resolveRange } from "./range";

describe("dashboard ranges", () => {
  const now = new Date("2026-11-25T10:00:00Z");
  test("presets count back from today (UTC), both ends included, against the same number of days before", () => {
    expect(resolveRange({ range: "7d" }, now)).toEqual({
      range: "7d",
      from: "2026-11-19",
      to: "2026-11-25",
      previousFrom: "2026-11-12",
      previousTo: "2026-11-18",
      bucket: "day",
    });
    expect(resolveRange({ range: "mtd" }, now)).toMatchObject({ from: "2026-11-01", bucket: "day" });
    expect(resolveRange({ range: "qtd" }, now)).toMatchObject({ from: "2026-10-01", bucket: "week" });
    expect(resolveRange({ range: "ytd" }, now)).toMatchObject({ from: "2026-01-01", bucket: "month" });
    expect(resolveRange({ range: "12m" }, now)).toMatchObject({ from: "2025-11-26", bucket: "month" });
    expect(resolveRange({ range: "custom", from: "2026-02-01", to: "2026-02-28" }, now)).toMatchObject({
      previousFrom: "2026-01-04",
      previousTo: "2026-01-31",
    });
  });
});
