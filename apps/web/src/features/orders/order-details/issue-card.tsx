import { zodResolver } from "@hookform/resolvers/zod";
import { ZIssueRespondRequestSchema } from "@hub/contracts/orders/orders";
import { Button, Card, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { messageOf } from "../../../lib/api-error";
import { useSubmitErrors } from "../../../lib/form-errors";
import { type useIssues, useUpdateIssue } from "../api";
import { dateTime } from "../format";

/** One issue: what was raised, its response (or a field to respond), and Resolve. */
export function IssueCard({
  orderId,
  issue,
  line,
}: {
  orderId: number;
  issue: NonNullable<ReturnType<typeof useIssues>["data"]>["items"][number];
  line: string;
}) {
  const update = useUpdateIssue(orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZIssueRespondRequestSchema>, unknown, z.output<typeof ZIssueRespondRequestSchema>>({
    resolver: zodResolver(ZIssueRespondRequestSchema),
    defaultValues: { response: issue.response ?? "" },
  });
  const { formError, submit } = useSubmitErrors(setError, ["response"]);
  const onRespond = submit(async (v: z.output<typeof ZIssueRespondRequestSchema>) => {
    await update.mutateAsync({ issueId: issue.id, response: v.response });
    toast.success("The response was saved.");
  });
  const resolve = async () => {
    try {
      await update.mutateAsync({ issueId: issue.id });
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <Card variant="outlined" data-testid="issue">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            {`${line} · raised by ${issue.raisedBy}, ${dateTime(issue.at)}`}
          </Typography>
          {issue.resolved ? (
            <Chip size="small" color="success" label="Resolved" />
          ) : (
            <Button size="small" onClick={resolve} loading={update.isPending && !isSubmitting}>
              Resolve
            </Button>
          )}
        </Stack>
        <Typography sx={{ whiteSpace: "pre-line", mb: 1 }}>{issue.body}</Typography>
        {issue.response ? (
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
            {`Response from ${issue.respondedBy ?? "?"}${issue.respondedAt ? `, ${dateTime(issue.respondedAt)}` : ""}: ${issue.response}`}
          </Typography>
        ) : null}
        {!issue.resolved ? (
          <Stack component="form" noValidate onSubmit={handleSubmit(onRespond)} direction="row" spacing={1}>
            <TextField
              size="small"
              label="Response"
              fullWidth
              {...register("response")}
              error={Boolean(errors.response)}
              helperText={errors.response?.message ?? formError}
            />
            <Button type="submit" loading={isSubmitting}>
              Respond
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
