import { deflateSync } from "node:zlib";

/*
 * Flat garment sketches for the demo tech packs (front and back of a tee and a hoodie), drawn as
 * PNGs here so the demo needs no image files in the repository: a polygon fill, thick outlines and
 * dashed stitch lines on a white canvas, encoded with zlib. The images tab, the construction
 * callouts and the tech-pack PDF show them like any upload.
 */

type Point = [x: number, y: number];
type Rgb = [r: number, g: number, b: number];

const SIZE = 480;
const INK: Rgb = [38, 42, 52];
const STITCH: Rgb = [120, 126, 140];

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(255);
  }

  private set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  /** Even-odd scanline fill of a polygon in 0..1 coordinates. */
  fill(points: Point[], colour: Rgb) {
    const pts = points.map(([x, y]) => [x * this.width, y * this.height] as Point);
    for (let y = 0; y < this.height; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [x1, y1] = pts[i] as Point;
        const [x2, y2] = pts[(i + 1) % pts.length] as Point;
        if ((y1 <= cy && y2 > cy) || (y2 <= cy && y1 > cy)) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2)
        for (let x = Math.ceil((xs[k] as number) - 0.5); x < Math.ceil((xs[k + 1] as number) - 0.5); x++)
          this.set(x, y, colour);
    }
  }

  /** A line of the given width (0..1 coordinates), dashed when `dash` (in pixels) is set. */
  line([ax, ay]: Point, [bx, by]: Point, colour: Rgb, width: number, dash = 0) {
    const [x1, y1, x2, y2] = [ax * this.width, ay * this.height, bx * this.width, by * this.height];
    const length = Math.hypot(x2 - x1, y2 - y1);
    const r = width / 2;
    for (let s = 0; s <= length; s += 0.5) {
      if (dash > 0 && Math.floor(s / dash) % 2 === 1) continue;
      const cx = x1 + ((x2 - x1) * s) / (length || 1);
      const cy = y1 + ((y2 - y1) * s) / (length || 1);
      for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy++)
        for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx++)
          if (dx * dx + dy * dy <= r * r) this.set(Math.round(cx + dx), Math.round(cy + dy), colour);
    }
  }

  outline(points: Point[], colour: Rgb, width: number, closed = true) {
    const n = closed ? points.length : points.length - 1;
    for (let i = 0; i < n; i++) this.line(points[i] as Point, points[(i + 1) % points.length] as Point, colour, width);
  }

  dashed(points: Point[], colour: Rgb = STITCH) {
    for (let i = 0; i + 1 < points.length; i++) this.line(points[i] as Point, points[i + 1] as Point, colour, 2, 6);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An 8-bit RGB PNG of the canvas. */
export const encodePng = (canvas: Canvas): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = canvas.width * 3;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let y = 0; y < canvas.height; y++)
    raw.set(canvas.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

const mirror = (half: Point[]): Point[] => [...half, ...[...half].reverse().map(([x, y]) => [1 - x, y] as Point)];

/** Half a garment body from the centre-front neck point round the left side to the centre hem. */
const TEE_HALF = (neckDepth: number): Point[] => [
  [0.5, neckDepth],
  [0.44, neckDepth - 0.015],
  [0.4, 0.13],
  [0.38, 0.115],
  [0.22, 0.16],
  [0.07, 0.36],
  [0.17, 0.43],
  [0.26, 0.35],
  [0.27, 0.9],
  [0.5, 0.9],
];
const HOODIE_HALF: Point[] = [
  [0.5, 0.02],
  [0.42, 0.035],
  [0.37, 0.08],
  [0.35, 0.14],
  [0.21, 0.17],
  [0.08, 0.78],
  [0.17, 0.8],
  [0.25, 0.4],
  [0.25, 0.84],
  [0.27, 0.92],
  [0.5, 0.92],
];
const HOOD_OPENING_HALF: Point[] = [
  [0.5, 0.2],
  [0.44, 0.175],
  [0.415, 0.11],
  [0.44, 0.065],
  [0.5, 0.055],
];

export type SketchName = "tee-front" | "tee-back" | "hoodie-front" | "hoodie-back";

/** A flat sketch of a garment in a colour (the first colourway's). */
export const sketchPng = (name: SketchName, colour: Rgb = [228, 232, 240]): Buffer => {
  const c = new Canvas(SIZE, SIZE);
  const front = name.endsWith("front");
  if (name.startsWith("tee")) {
    const body = mirror(TEE_HALF(front ? 0.2 : 0.14));
    c.fill(body, colour);
    c.outline(body, INK, 3);
    // Neck rib, sleeve and body hems.
    const d = front ? 0.2 : 0.14;
    c.dashed([
      [0.39, 0.145],
      [0.44, d + 0.015],
      [0.5, d + 0.03],
      [0.56, d + 0.015],
      [0.61, 0.145],
    ]);
    c.dashed([
      [0.27, 0.86],
      [0.73, 0.86],
    ]);
    c.dashed([
      [0.1, 0.39],
      [0.19, 0.445],
    ]);
    c.dashed([
      [0.9, 0.39],
      [0.81, 0.445],
    ]);
    if (front) {
      // The chest print's placement.
      c.outline(
        [
          [0.56, 0.28],
          [0.68, 0.28],
          [0.68, 0.36],
          [0.56, 0.36],
        ],
        STITCH,
        2,
      );
    }
  } else {
    const body = mirror(HOODIE_HALF);
    c.fill(body, colour);
    c.outline(body, INK, 3);
    if (front) c.outline(mirror(HOOD_OPENING_HALF), INK, 3);
    c.dashed([
      [0.25, 0.84],
      [0.75, 0.84],
    ]);
    c.dashed([
      [0.09, 0.74],
      [0.17, 0.76],
    ]);
    c.dashed([
      [0.91, 0.74],
      [0.83, 0.76],
    ]);
    if (front) {
      // Kangaroo pocket and drawcords.
      c.outline(
        [
          [0.33, 0.8],
          [0.36, 0.6],
          [0.64, 0.6],
          [0.67, 0.8],
        ],
        INK,
        2,
        false,
      );
      c.line([0.46, 0.19], [0.45, 0.36], INK, 3);
      c.line([0.54, 0.19], [0.55, 0.36], INK, 3);
    } else {
      c.dashed([
        [0.5, 0.03],
        [0.5, 0.17],
      ]);
    }
  }
  return encodePng(c);
};

/** Where the demo's sketches live in the files storage. */
export const DEMO_SKETCH_PREFIX = "demo/sketches/";
export const demoSketchKey = (name: SketchName) => `${DEMO_SKETCH_PREFIX}${name}.png`;
const SKETCH_NAMES: SketchName[] = ["tee-front", "tee-back", "hoodie-front", "hoodie-back"];

/**
 * The bytes of a demo sketch by its storage key, or null for any other key: the files adapter draws
 * a demo sketch the first time it is read (the demo database is a template copied into every fresh
 * data folder; its files are not), so the seed stores only the rows.
 */
export const demoSketchOf = (key: string): Buffer | null => {
  const name = SKETCH_NAMES.find((n) => demoSketchKey(n) === key);
  return name ? sketchPng(name) : null;
};
