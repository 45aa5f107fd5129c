import { suggestPacking, type TPackSuggestion } from "@hub/contracts/shipping/pack-suggestion";
import type { TPackOrder } from "@hub/contracts/shipping/shipping";
import { Alert, Button } from "@mui/material";
import { useMemo } from "react";

/**
 * The box and weight suggested for the ticked units (issue 19): from the shipping profile named by
 * the tech pack each line's style was made from. The packer accepts it (weight and dimensions
 * filled in) or types their own; lines without a profile get none and the form works as before.
 */
export function PackSuggestion({
  order,
  unitIds,
  onAccept,
}: {
  order: TPackOrder;
  unitIds: ReadonlySet<number>;
  onAccept: (s: TPackSuggestion) => void;
}) {
  const suggestion = useMemo(
    () =>
      suggestPacking(
        order.units.filter((u) => unitIds.has(u.id)),
        order.packProfiles,
      ),
    [order, unitIds],
  );
  if (!suggestion) return null;
  const dims =
    suggestion.lengthIn !== null && suggestion.widthIn !== null && suggestion.heightIn !== null
      ? `${suggestion.lengthIn} x ${suggestion.widthIn} x ${suggestion.heightIn} in`
      : null;
  const box = [suggestion.boxName, dims].filter(Boolean).join(", ");
  const notes = [
    suggestion.boxesNeeded > 1 ? `${suggestion.units} units need ${suggestion.boxesNeeded} boxes` : null,
    suggestion.unweighed > 0 ? `${suggestion.unweighed} unit(s) have no weight for their size` : null,
    suggestion.withoutProfile > 0 ? `${suggestion.withoutProfile} unit(s) have no shipping profile` : null,
  ].filter(Boolean);
  return (
    <Alert
      severity="info"
      aria-label="Suggested box"
      action={
        <Button color="inherit" size="small" onClick={() => onAccept(suggestion)}>
          Use suggestion
        </Button>
      }
    >
      Suggested by “{suggestion.profileName}”: {box || "box of the profile"}, weight {suggestion.weightOz} oz (
      {suggestion.weightGrams} g).{notes.length > 0 ? ` ${notes.join("; ")}.` : ""}
    </Alert>
  );
}
