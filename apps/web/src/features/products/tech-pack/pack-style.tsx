import { styleSourceApi } from "@hub/contracts/products/style-source-api";
import { ZMakeStyleRequestSchema } from "@hub/contracts/products/tech-pack/style-source";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { call } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { productKeys } from "../api";

const keyOf = (stpId: number) => [...productKeys.pack(stpId), "style"] as const;

/**
 * The facility's tech pack screen (issue 19): "Make style" on an approved version sent to it (asks
 * the base price, offered to the brand's client only), or a link to the style once made.
 */
export function PackStyleAction({ stpId }: { stpId: number }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const style = useQuery({
    queryKey: keyOf(stpId),
    queryFn: () => call(styleSourceApi.packStyle, { params: { stpId } }),
  });
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState("0.00");
  const [error, setError] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: (basePriceCents: number) =>
      call(styleSourceApi.makeStyle, { params: { stpId }, body: { basePriceCents } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keyOf(stpId) }),
  });
  const s = style.data;
  if (!s) return null;
  if (s.style)
    return (
      <Button component={RouterLink} to={`/styles/edit/${s.style.id}`} data-testid="open-style">
        {`Style ${s.style.code}`}
      </Button>
    );
  if (!s.canMake) return null;
  const submit = async () => {
    const cents = Math.round(Number(price) * 100);
    const parsed = ZMakeStyleRequestSchema.safeParse({ basePriceCents: Number.isFinite(cents) ? cents : -1 });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a price");
      return;
    }
    try {
      const made = await make.mutateAsync(parsed.data.basePriceCents);
      toast.success(`Style ${made.style.code} was made from version ${made.from.version}.`);
      setOpen(false);
      navigate(`/styles/edit/${made.styleId}`);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} data-testid="make-style">
        Make style
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>Make a style from this version</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Style {s.code} joins your library with Size and Colour options from the sizes and colourways, fabrics and
            parts from the BOM, and a step per construction step. It is offered to the brand only.
          </DialogContentText>
          <TextField
            label="Base price ($)"
            value={price}
            onChange={(e) => {
              setPrice(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? "The unit price before upcharges"}
            fullWidth
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" loading={make.isPending} onClick={() => void submit()}>
            Make style
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
