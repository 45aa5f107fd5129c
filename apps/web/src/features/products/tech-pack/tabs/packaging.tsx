import type { TPackagingTabData } from "@hub/contracts/products/tech-pack/tech-pack";
import { Box, MenuItem, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { type BomExtra, bomTab } from "../bom-form";

/**
 * The packaging tab: its bill of materials and, above it, the shipping profile the product ships
 * with (issue 19), saved with the tab; pack-out suggests the box and the weight from it.
 */
const ShippingProfileChoice: BomExtra = ({ control, disabled, data }) => {
  const profiles = (data as TPackagingTabData).shippingProfiles ?? [];
  return (
    <Box sx={{ mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
      <Controller
        control={control}
        name="shippingProfileId"
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label="Shipping profile"
            value={field.value ?? ""}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? "How the product is boxed and weighed at pack-out"}
            sx={{ minWidth: 280 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
          >
            <MenuItem value="">None</MenuItem>
            {profiles.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
                {p.archived ? " (archived)" : ""}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {!disabled ? <RouterLink to="/productDev/shippingProfiles">Shipping profiles</RouterLink> : null}
    </Box>
  );
};

export default bomTab("packaging", ShippingProfileChoice);
