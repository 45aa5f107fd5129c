/** Sibling lists shown as tabs, so the screens the nav does not name are one click away. */
export const GROUPS = {
  styles: [
    { label: "Styles", path: "styles" },
    { label: "Style Markers", path: "styleMarkers" },
  ],
  attributes: [
    { label: "Attributes", path: "attributes" },
    { label: "Attribute Profiles", path: "attributeProfile" },
  ],
  instructions: [
    { label: "Instructions", path: "instruction" },
    { label: "Instruction Images", path: "instructionImage" },
    { label: "Instruction Profiles", path: "instructionProfile" },
  ],
  materials: [
    { label: "Fabrics", path: "fabric" },
    { label: "Threads", path: "threads" },
    { label: "BMC Threads", path: "bmcThreads" },
  ],
  parts: [
    { label: "Parts", path: "part" },
    { label: "Part Profiles", path: "partProfile" },
  ],
};
