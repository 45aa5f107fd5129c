import { bomTab } from "../bom-form";

export default bomTab("labels");
