import { bomTab } from "../bom-form";

export default bomTab("packaging");
