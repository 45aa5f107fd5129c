import { ApprovalTab as Approval, SubmitTab } from "./approval-tab";
import { bomTab } from "./bom-tab";
import { ConfirmSetupTab, HistoryTab, PdfTab as Pdf, SummaryTab, TaskListTab } from "./view-tabs";

export { GradedSpecTab } from "./graded-spec-tab";
export {
  ConstructionTab,
  CuttersMustTab,
  EstimatesTab,
  FilesTab,
  ImagesTab,
  ProductOptionsTab,
} from "./more-tabs";
export { ColorwaysTab, SizingTab } from "./spec-tabs";
/** Every tab of the tech pack workspace but the product details (its own chunk), by name. */
export { ConfirmSetupTab, HistoryTab, SubmitTab, SummaryTab, TaskListTab };
export const FabricsTab = bomTab("fabrics");
export const NotionsTab = bomTab("notions");
export const LabelsTab = bomTab("labels");
export const ThreadsTab = bomTab("threads");
export const GraphicsTab = bomTab("graphics");
export const PackagingTab = bomTab("packaging");
export const ApprovalTab = () => <Approval />;
export const PdfTab = () => <Pdf />;
export const PrintTab = () => <Pdf print />;
