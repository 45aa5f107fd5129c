/**
 * Where each library resource's screens live and which card guards them: light data the route
 * table reads without loading a screen (or its schemas) before it is opened.
 */
export type LibraryPaths = {
  /** The list's path as the nav names it (e.g. "fabric"). */
  listPath: string;
  /** The base of the new/edit paths ("fabrics/new", "fabrics/edit/:id"). */
  basePath: string;
  /** Other paths that show the same list (spec 2.4 names some twice). */
  aliases?: string[];
  card: string;
};

export const LIBRARY_PATHS = {
  styles: { listPath: "styles", basePath: "styles", card: "styles" },
  styleMarkers: { listPath: "styleMarkers", basePath: "styleMarkers", card: "styles" },
  options: { listPath: "options", basePath: "options", card: "options" },
  attributes: { listPath: "attributes", basePath: "attributes", card: "attributes" },
  attributeProfiles: {
    listPath: "attributeProfile",
    basePath: "attributeProfiles",
    aliases: ["attributeProfiles"],
    card: "attributes",
  },
  instructions: { listPath: "instruction", basePath: "instructions", aliases: ["instructions"], card: "instruction" },
  instructionImages: {
    listPath: "instructionImage",
    basePath: "instructionImages",
    aliases: ["instructionImages"],
    card: "instruction",
  },
  instructionProfiles: {
    listPath: "instructionProfile",
    basePath: "instructionProfiles",
    aliases: ["instructionProfiles"],
    card: "instruction",
  },
  fabrics: { listPath: "fabric", basePath: "fabrics", aliases: ["fabrics"], card: "fabric" },
  threads: { listPath: "threads", basePath: "threads", card: "fabric" },
  bmcThreads: { listPath: "bmcThreads", basePath: "bmcThreads", card: "fabric" },
  parts: { listPath: "part", basePath: "parts", aliases: ["parts"], card: "part" },
  partProfiles: { listPath: "partProfile", basePath: "partProfiles", aliases: ["partProfiles"], card: "part" },
  machines: { listPath: "machines", basePath: "machines", card: "machines" },
  skuMaps: { listPath: "skuMap", basePath: "skuMaps", aliases: ["skuMaps"], card: "skuMap" },
} as const satisfies Record<string, LibraryPaths>;

export type LibraryResourceKey = keyof typeof LIBRARY_PATHS;
