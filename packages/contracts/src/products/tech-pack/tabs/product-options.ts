import { z } from "zod";
import { zTrimmed } from "../../../common/text";
import { documentTab, tabBase, zCents } from "./parts";

export const ZProductOptionsDataSchema = z.object({
  options: z
    .array(
      z.object({
        name: zTrimmed(60, 1, "Name the option"),
        choices: z
          .array(z.object({ name: zTrimmed(60, 1, "Name the choice"), upchargeCents: zCents() }))
          .min(1, "Add at least one choice")
          .max(50),
      }),
    )
    .max(20),
});
export const ZProductOptionsTabSchema = tabBase
  .extend(ZProductOptionsDataSchema.shape)
  .meta({ id: "TechPackProductOptionsTab" });

/** Product options: the choices a buyer makes (with their upcharge). */
export const productOptionsTab = documentTab({
  key: "productOptions",
  label: "Product options",
  data: ZProductOptionsDataSchema,
  response: ZProductOptionsTabSchema,
  empty: { options: [] },
});
