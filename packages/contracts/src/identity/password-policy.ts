import { zText } from "../common/text";
import { passwordPolicyProblems } from "./password-rules";

export const ZNewPasswordSchema = zText({ error: "Password is required" })
  .max(256, "Password must be at most 256 characters")
  .superRefine((value, ctx) => {
    const missing = passwordPolicyProblems(value);
    if (missing.length > 0) {
      ctx.addIssue({ code: "custom", message: `Password needs: ${missing.join(", ").toLowerCase()}` });
    }
  });
