import type { TProductDetails } from "@hub/contracts/library/style-composition";
import { Box, Chip, Stack, Typography } from "@mui/material";
import { type Dispatch, type SetStateAction, useState } from "react";
import { money } from "../lib/money";

/**
 * One option of a style as chips, one per offered attribute with its upcharge: the product preview
 * and Order Entry choose a variant with it. `disableOutOfStock` greys out attributes marked out of
 * stock (the preview); otherwise they stay choosable and only say so.
 */
export function OptionChips({
  option,
  value,
  onChange,
  disableOutOfStock = false,
}: {
  option: TProductDetails["options"][number];
  value: number | undefined;
  onChange: (attributeId: number) => void;
  disableOutOfStock?: boolean;
}) {
  return (
    <Box role="group" aria-label={option.name}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {option.name}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {option.attributes.map((a) => {
          const selected = value === a.attributeId;
          const label = `${a.name}${a.upchargeCents > 0 ? ` +${money(a.upchargeCents)}` : ""}${a.outOfStock ? " (out of stock)" : ""}`;
          return (
            <Chip
              key={a.attributeId}
              label={label}
              aria-pressed={selected}
              color={selected ? "primary" : "default"}
              variant={selected ? "filled" : "outlined"}
              disabled={disableOutOfStock && a.outOfStock}
              onClick={() => onChange(a.attributeId)}
              // An icon, not an avatar: a selected chip paints its avatar in the theme's colour, and
              // the swatch must keep its own.
              icon={
                a.hexColor ? (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      width: 18,
                      height: 18,
                      flexShrink: 0,
                      bgcolor: a.hexColor,
                      border: 1,
                      borderColor: "divider",
                      borderRadius: "50%",
                    }}
                  />
                ) : undefined
              }
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** The attribute chosen for each option of a style (by option id), and whether every option has one. */
export const useOptionChoices = (details: TProductDetails, initial: () => Record<number, number> = () => ({})) => {
  const [choices, setChoices] = useState<Record<number, number>>(initial);
  const complete = details.options.every((o) => choices[o.optionId] !== undefined);
  return { choices, setChoices, complete };
};

/** Options of a style as chips, one choice each (see useOptionChoices). */
export function OptionChoices({
  options,
  choices,
  setChoices,
  disableOutOfStock,
}: {
  options: TProductDetails["options"];
  choices: Record<number, number>;
  setChoices: Dispatch<SetStateAction<Record<number, number>>>;
  disableOutOfStock?: boolean;
}) {
  return options.map((o) => (
    <OptionChips
      key={o.optionId}
      option={o}
      value={choices[o.optionId]}
      onChange={(id) => setChoices((c) => ({ ...c, [o.optionId]: id }))}
      disableOutOfStock={disableOutOfStock}
    />
  ));
}
