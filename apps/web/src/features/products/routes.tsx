import { lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";
import { workspaceTabRoutes } from "../../components/record-workspace/tab-routes";

const ProductsListPage = lazy(() => import("./products-list-page"));
const NewProductPage = lazy(() => import("./new-product-page"));
const VersionsPage = lazy(() => import("./versions-page"));
const WorkspacePage = lazy(() => import("./tech-pack/workspace-page"));
const TechPacksPage = lazy(() => import("./tech-packs-page"));
const DetailsTab = lazy(() => import("./tech-pack/details-tab"));
type Tabs = typeof import("./tech-pack/tabs");
const lazyTab = (name: keyof Tabs) =>
  lazy(async () => ({ default: (await import("./tech-pack/tabs"))[name] as () => ReactNode }));

const T = {
  summary: lazyTab("SummaryTab"),
  images: lazyTab("ImagesTab"),
  files: lazyTab("FilesTab"),
  fabrics: lazyTab("FabricsTab"),
  notions: lazyTab("NotionsTab"),
  labels: lazyTab("LabelsTab"),
  threads: lazyTab("ThreadsTab"),
  graphics: lazyTab("GraphicsTab"),
  colorways: lazyTab("ColorwaysTab"),
  estimates: lazyTab("EstimatesTab"),
  sizing: lazyTab("SizingTab"),
  gradedSpec: lazyTab("GradedSpecTab"),
  cuttersMust: lazyTab("CuttersMustTab"),
  constructionDetails: lazyTab("ConstructionTab"),
  packaging: lazyTab("PackagingTab"),
  productOptions: lazyTab("ProductOptionsTab"),
  confirmSetup: lazyTab("ConfirmSetupTab"),
  approval: lazyTab("ApprovalTab"),
  taskList: lazyTab("TaskListTab"),
  history: lazyTab("HistoryTab"),
  print: lazyTab("PrintTab"),
  submit: lazyTab("SubmitTab"),
  pdf: lazyTab("PdfTab"),
};

const guard = (element: ReactNode) => <CardGuard card="products">{element}</CardGuard>;
/** A tech pack opens for its team (Products) and, read-only, for a facility it was sent to (Tech Packs). */
const packGuard = (element: ReactNode) => <CardGuard anyOf={["products", "techPacks"]}>{element}</CardGuard>;

/** Products and the smart tech pack (issue 12), mounted inside the signed-in shell. */
export const productsRoutes: RouteObject[] = [
  { path: "productDev/products", element: guard(<ProductsListPage />) },
  {
    path: "productDev/techPacks",
    element: (
      <CardGuard card="techPacks">
        <TechPacksPage />
      </CardGuard>
    ),
  },
  { path: "productDev/products/addNewProduct", element: guard(<NewProductPage />) },
  { path: "productDev/products/:productId/versions", element: guard(<VersionsPage />) },
  {
    path: "productDev/products/:productId/versions/:version/stps/:stpId",
    element: packGuard(<WorkspacePage />),
    children: workspaceTabRoutes([
      { path: "summary", element: <T.summary /> },
      { path: "editProductDetails", element: <DetailsTab /> },
      ...(Object.entries(T) as [keyof typeof T, (typeof T)[keyof typeof T]][])
        .filter(([k]) => k !== "summary")
        .map(([path, C]) => ({ path, element: <C /> })),
    ]),
  },
];
