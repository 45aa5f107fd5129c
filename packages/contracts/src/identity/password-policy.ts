import { z } from "zod";
import { passwordPolicyProblems } from "./password-rules";

export const ZNewPasswordSchema = z
  .string({ error: "Password is required" })
  .max(256, "Password must be at most 256 characters")
  .superRefine((value, ctx) => {
    const missing = passwordPolicyProblems(value);
    if (missing.length > 0) {
      ctx.addIssue({ code: "custom", message: `Password needs: ${missing.join(", ").toLowerCase()}` });
    }
  });
