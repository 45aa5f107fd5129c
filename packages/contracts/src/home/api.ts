import { declareApi } from "../common/operation";
import { ZHomeSummarySchema } from "./home";

/** The home page (issue 18): what needs attention today, for whoever asks; the service scopes each number. */
export const homeApi = declareApi("home", {
  summary: {
    method: "GET",
    path: "/home/summary",
    access: { signedIn: true },
    responses: { 200: ZHomeSummarySchema },
  },
});
