/**
 * The navigation tree: sections, groups and items. Each item names the card-access route name that
 * must be in the user's cardAccess for the item to show; the server guards the item's endpoints with
 * the same card name. `comingSoon` items are shown with a badge and open the coming-soon page.
 */
export type TNavItem = {
  title: string;
  path: string;
  card: string;
  comingSoon?: boolean;
  /** Minimum subscription level for client users (spec 2.6: Professional = 2). */
  minPlanLevel?: number;
};
export type TNavGroup = { title: string; items: TNavItem[] };
export type TNavSection = { title: string; groups: TNavGroup[] };

export const NAV_TREE: TNavSection[] = [
  {
    title: "Product Development",
    groups: [
      {
        title: "Files",
        items: [
          {
            title: "Import Tech Pack",
            path: "/productDev/files/importTechPack",
            card: "importTechPack",
          },
          // Issue 19: the team's files in folders, and its storage at a glance (modules/file-manager).
          { title: "File Manager", path: "/productDev/files/fileManager", card: "fileManager" },
          { title: "Files Dashboard", path: "/productDev/files/dashboard", card: "fileManager" },
        ],
      },
      {
        title: "Products",
        items: [
          { title: "Products", path: "/productDev/products", card: "products" },
          // Issue 23: the versions brands sent to the facility, read-only.
          { title: "Tech Packs", path: "/productDev/techPacks", card: "techPacks" },
          // Issue 19: how a team groups its products, each a list of its own (products/groups.ts).
          { title: "Collections", path: "/productDev/collections", card: "products" },
          { title: "Batches", path: "/productDev/batches", card: "products" },
          { title: "Tags", path: "/productDev/tags", card: "products" },
        ],
      },
      {
        title: "Library",
        // The design library (issue 12): one page per kind, in the spec's order and spelling.
        items: [
          { title: "Images", path: "/productDev/libary/images", card: "libaryImages" },
          { title: "Fabrics", path: "/productDev/libary/fabrics", card: "libaryFabrics" },
          { title: "Notions", path: "/productDev/libary/notions", card: "libaryNotions" },
          { title: "Labels", path: "/productDev/libary/labels", card: "libaryLabels" },
          { title: "Threads", path: "/productDev/libary/threads", card: "libaryThreads" },
          { title: "Packaging", path: "/productDev/libary/packaging", card: "packaging" },
          { title: "Colors", path: "/productDev/libary/colors", card: "libaryColors" },
          { title: "Prints", path: "/productDev/libary/prints", card: "libaryPrints" },
          { title: "Graphics", path: "/productDev/libary/graphics", card: "libaryGraphics" },
          { title: "Sizes", path: "/productDev/libary/sizes", card: "libarySizes" },
          { title: "POM Templates", path: "/productDev/libary/pomTemplates", card: "libaryPomTemplates" },
          { title: "Suppliers", path: "/productDev/libary/suppliers", card: "libarySuppliers" },
          { title: "Shipping Library", path: "/productDev/libary/shippingLibrary", card: "libaryShipping" },
        ],
      },
      {
        title: "Setup",
        items: [
          // Issue 19: how a product is boxed and weighed at pack-out (products/shipping-profiles.ts).
          { title: "Shipping Profiles", path: "/productDev/shippingProfiles", card: "shippingProfiles" },
          { title: "Team Management", path: "/productDev/teamManagement", card: "teamManagement" },
        ],
      },
    ],
  },
  {
    title: "Mfg Library",
    groups: [
      {
        title: "Products",
        items: [
          { title: "Styles", path: "/styles", card: "styles" },
          { title: "Options", path: "/options", card: "options" },
          { title: "Attributes", path: "/attributes", card: "attributes" },
          { title: "Instructions", path: "/instruction", card: "instruction" },
        ],
      },
      {
        title: "Materials",
        items: [
          { title: "Fabrics", path: "/fabric", card: "fabric" },
          { title: "Parts", path: "/part", card: "part" },
          { title: "Machines", path: "/machines", card: "machines" },
        ],
      },
      {
        title: "Data",
        items: [
          { title: "Sku Mapping", path: "/skuMap", card: "skuMap" },
          { title: "Import Csv", path: "/importCsv", card: "importCsv" },
        ],
      },
    ],
  },
  {
    title: "Inventory",
    groups: [
      {
        title: "Stock",
        items: [
          { title: "Inventory", path: "/inventory", card: "inventory" },
          { title: "Inventory On Order", path: "/inventoryOnOrder", card: "inventoryOnOrder" },
          { title: "Supplier Details", path: "/supplierDetails", card: "supplierDetails" },
        ],
      },
    ],
  },
  {
    title: "Orders",
    groups: [
      {
        title: "Orders",
        items: [
          { title: "Order Entry", path: "/orderEntry", card: "orderEntry" },
          { title: "Order Details", path: "/orders", card: "orders" },
          { title: "Returns", path: "/returns", card: "returns" },
        ],
      },
      {
        title: "Billing",
        items: [{ title: "Order Charge Report", path: "/orderChargeReport", card: "orderChargeReport" }],
      },
    ],
  },
  {
    title: "Manufacturing",
    groups: [
      {
        title: "Status",
        items: [{ title: "Manufacturing Status", path: "/openOrders", card: "openOrders" }],
      },
      {
        title: "Cutting",
        items: [
          { title: "Pull Order", path: "/pullOrder", card: "pullOrder" },
          { title: "Cut Planner", path: "/cutPlannerAuto", card: "cutPlannerAuto" },
          { title: "All Cutters", path: "/allCutters", card: "allCutters" },
          { title: "Recut Garment", path: "/recutTote", card: "recutTote" },
        ],
      },
      {
        title: "Totes",
        items: [
          { title: "Clear Tote", path: "/clearTote", card: "clearTote" },
          { title: "Assign Tote", path: "/assignTote", card: "assignTote" },
          { title: "Find Order By Tote", path: "/toteLookup", card: "toteLookup" },
          { title: "All Totes", path: "/totes", card: "assignTote" },
        ],
      },
      {
        title: "Floor",
        items: [
          { title: "Unit Actions", path: "/unitActions", card: "unitActions" },
          { title: "QC Inspection", path: "/qcInspection", card: "qcInspection" },
          { title: "Stations", path: "/floorStations", card: "floorStations" },
          { title: "QC Reasons", path: "/qcReasons", card: "qcReasons" },
        ],
      },
    ],
  },
  {
    title: "Shipping",
    groups: [
      {
        title: "Shipments",
        items: [
          { title: "Pack Out", path: "/packOut", card: "packOut" },
          { title: "Shipped Orders", path: "/shipments", card: "shipments" },
        ],
      },
    ],
  },
  {
    title: "Reports",
    groups: [
      {
        title: "Reports",
        items: [
          { title: "Report Downloads", path: "/reportDownloads", card: "reportDownloads", minPlanLevel: 2 },
          { title: "Financials", path: "/financials", card: "financials" },
          // Issue 22: quoted and actual cost, revenue and margin by style, client and month; never a client's.
          { title: "Margin", path: "/marginReport", card: "marginReport" },
          { title: "Stripe Reports", path: "/stripeReports", card: "stripeReports" },
          { title: "Inventory Snapshot", path: "/inventorySnapshot", card: "inventorySnapshot" },
          { title: "JAS Pricing", path: "/jasPricing", card: "jasPricing" },
        ],
      },
    ],
  },
  {
    title: "Dashboards",
    groups: [
      {
        title: "Dashboards",
        items: [
          { title: "Sales Dashboard", path: "/qs-dashboards/salesDashboard", card: "salesDashboard" },
          {
            title: "Production Overview",
            path: "/qs-dashboards/productionOverview",
            card: "productionOverview",
            minPlanLevel: 2,
          },
          { title: "Quality History", path: "/qs-dashboards/qualityHistory", card: "qualityHistory" },
          { title: "Times", path: "/qs-dashboards/times", card: "times" },
          { title: "Bot Performance", path: "/qs-dashboards/botPerformance", card: "botPerformance" },
          { title: "Home Goods", path: "/qs-dashboards/homegoods", card: "homegoods" },
          { title: "JAS Sales", path: "/qs-dashboards/jasSales", card: "jasSales" },
          { title: "3100", path: "/qs-dashboards/3100", card: "floorBoard3100" },
        ],
      },
    ],
  },
  {
    title: "Maintenance",
    groups: [
      {
        title: "Account",
        items: [
          { title: "Your Account", path: "/yourAccount", card: "yourAccount" },
          { title: "Account Integration", path: "/accountIntegration", card: "accountIntegration" },
          { title: "API Integrations", path: "/apiIntegrations", card: "apiIntegrations" },
          { title: "Upload Print Files", path: "/uploadPrintFiles", card: "uploadPrintFiles" },
          { title: "Software Request", path: "/softwareRequest", card: "softwareRequest" },
        ],
      },
      {
        title: "Facility",
        // A facility's own settings: working time, labels and printers, shipping defaults, auto-release, tote range, cut planner, labour rate.
        items: [{ title: "Factory Config", path: "/factoryConfig", card: "factoryConfig" }],
      },
      {
        title: "Administration",
        items: [
          { title: "Clients", path: "/clients", card: "clients" },
          { title: "Users", path: "/users", card: "users" },
        ],
      },
    ],
  },
];

export const NAV_ITEMS: TNavItem[] = NAV_TREE.flatMap((s) => s.groups.flatMap((g) => g.items));

/** Every card-access route name the product knows. */
export const ALL_CARDS: string[] = [...new Set(NAV_ITEMS.map((i) => i.card))];

/** Filters the tree to the items a user's cardAccess allows, dropping empty groups and sections. */
export const filterNavTree = (tree: TNavSection[], cardAccess: ReadonlySet<string>): TNavSection[] =>
  tree
    .map((section) => ({
      ...section,
      groups: section.groups
        .map((group) => ({ ...group, items: group.items.filter((item) => cardAccess.has(item.card)) }))
        .filter((group) => group.items.length > 0),
    }))
    .filter((section) => section.groups.length > 0);

/** Which cards each user type gets by default (the seed writes these as data; admins change them). */
export const DEFAULT_TYPE_CARDS: Record<string, string[]> = {
  icreate: ALL_CARDS,
  manufacturer: [
    "styles",
    "options",
    "attributes",
    "instruction",
    "fabric",
    "part",
    "machines",
    "skuMap",
    "importCsv",
    "inventory",
    "inventoryOnOrder",
    "supplierDetails",
    "orderEntry",
    "orders",
    "returns",
    "openOrders",
    "pullOrder",
    "cutPlannerAuto",
    "allCutters",
    "recutTote",
    "clearTote",
    "assignTote",
    "toteLookup",
    "unitActions",
    "qcInspection",
    "floorStations",
    "qcReasons",
    "packOut",
    "shipments",
    "reportDownloads",
    "financials",
    "marginReport",
    "inventorySnapshot",
    "jasPricing",
    "salesDashboard",
    "productionOverview",
    "qualityHistory",
    "times",
    "botPerformance",
    "homegoods",
    "jasSales",
    "floorBoard3100",
    "techPacks",
    "yourAccount",
    "factoryConfig",
  ],
  factory: [
    "styles",
    "options",
    "attributes",
    "instruction",
    "fabric",
    "part",
    "machines",
    "skuMap",
    "inventory",
    "inventoryOnOrder",
    // Who raises purchase orders opens the suppliers it orders from (the seed grants it on older installations too).
    "supplierDetails",
    "orderEntry",
    "orders",
    "returns",
    "openOrders",
    "pullOrder",
    "cutPlannerAuto",
    "allCutters",
    "recutTote",
    "clearTote",
    "assignTote",
    "toteLookup",
    "unitActions",
    "qcInspection",
    "floorStations",
    "qcReasons",
    "packOut",
    "shipments",
    // Report Downloads: the floor's reports (open orders, the stock ledger) and its orders'.
    "reportDownloads",
    "marginReport",
    "inventorySnapshot",
    "productionOverview",
    "qualityHistory",
    "times",
    "floorBoard3100",
    "techPacks",
    "yourAccount",
    "factoryConfig",
  ],
  designer: [
    "importTechPack",
    "fileManager",
    "products",
    "libaryImages",
    "libaryFabrics",
    "libaryNotions",
    "libaryLabels",
    "libaryThreads",
    "packaging",
    "libaryColors",
    "libaryPrints",
    "libaryGraphics",
    "libarySizes",
    "libaryPomTemplates",
    "libarySuppliers",
    "libaryShipping",
    "shippingProfiles",
    "teamManagement",
    "yourAccount",
  ],
  client: [
    "importTechPack",
    "fileManager",
    "products",
    "libaryImages",
    "libaryFabrics",
    "libaryNotions",
    "libaryLabels",
    "libaryThreads",
    "packaging",
    "libaryColors",
    "libaryPrints",
    "libaryGraphics",
    "libarySizes",
    "libaryPomTemplates",
    "libarySuppliers",
    "libaryShipping",
    "shippingProfiles",
    "teamManagement",
    "styles",
    "orderEntry",
    "orders",
    "returns",
    "orderChargeReport",
    "shipments",
    "reportDownloads",
    "jasPricing",
    "salesDashboard",
    "productionOverview",
    "qualityHistory",
    "botPerformance",
    "homegoods",
    "jasSales",
    "yourAccount",
    "accountIntegration",
    "uploadPrintFiles",
    "apiIntegrations",
    "softwareRequest",
  ],
};
