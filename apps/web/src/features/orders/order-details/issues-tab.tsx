import { zodResolver } from "@hookform/resolvers/zod";
import { ZIssueRequestSchema } from "@hub/contracts/orders/orders";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { messageOf } from "../../../lib/api-error";
import { useSubmitErrors } from "../../../lib/form-errors";
import { useIssues, useRaiseIssue } from "../api";
import { useOrderTab } from "./context";
import { IssueCard } from "./issue-card";

type IssueForm = z.input<typeof ZIssueRequestSchema>;

/** /orders/:orderId/issues: problems raised on the order or a line, their responses, and a new one. */
export default function IssuesTab() {
  const order = useOrderTab();
  const issues = useIssues(order.id);
  const raise = useRaiseIssue(order.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<IssueForm, unknown, z.output<typeof ZIssueRequestSchema>>({
    resolver: zodResolver(ZIssueRequestSchema),
    defaultValues: { body: "", itemId: undefined },
  });
  const lineOf = (itemId: number | null) => order.items.find((i) => i.id === itemId);
  const { formError, submit } = useSubmitErrors(setError, ["body", "itemId"]);
  const onSubmit = submit(async (v: z.output<typeof ZIssueRequestSchema>) => {
    await raise.mutateAsync(v);
    reset({ body: "", itemId: undefined });
    toast.success("The issue was raised.");
  });
  return (
    <Stack spacing={2}>
      {issues.isError ? <Alert severity="error">{messageOf(issues.error)}</Alert> : null}
      {issues.data?.items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No issues raised.</Typography>
      ) : null}
      {issues.data?.items.map((i) => (
        <IssueCard
          key={i.id}
          orderId={order.id}
          issue={i}
          line={i.itemId === null ? "The whole order" : `Line ${lineOf(i.itemId)?.lineNumber ?? "?"}`}
        />
      ))}
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} spacing={1} aria-label="Raise an issue">
        <Typography variant="subtitle2">Raise an issue</Typography>
        <TextField
          select
          label="About"
          value={watch("itemId") ?? ""}
          onChange={(e) => setValue("itemId", e.target.value === "" ? undefined : Number(e.target.value))}
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="">The whole order</MenuItem>
          {order.items.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {`Line ${i.lineNumber}: ${i.sku}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Problem"
          multiline
          minRows={2}
          {...register("body")}
          error={Boolean(errors.body)}
          helperText={errors.body?.message}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Raise issue
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
