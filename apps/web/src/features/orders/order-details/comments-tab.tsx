import { zodResolver } from "@hookform/resolvers/zod";
import { ZCommentRequestSchema } from "@hub/contracts/orders/orders";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { messageOf } from "../../../lib/api-error";
import { useSubmitErrors } from "../../../lib/form-errors";
import { useAddComment, useComments } from "../api";
import { dateTime } from "../format";
import { useOrderTab } from "./context";

type CommentForm = z.input<typeof ZCommentRequestSchema>;

/** /orders/:orderId/comments: the order's comments, seen by the client and the factory, and a new one. */
export default function CommentsTab() {
  const orderId = useOrderTab().id;
  const comments = useComments(orderId);
  const add = useAddComment(orderId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CommentForm, unknown, z.output<typeof ZCommentRequestSchema>>({
    resolver: zodResolver(ZCommentRequestSchema),
    defaultValues: { body: "" },
  });
  const { formError, submit } = useSubmitErrors(setError, ["body"]);
  const onSubmit = submit(async (v: z.output<typeof ZCommentRequestSchema>) => {
    await add.mutateAsync(v.body);
    reset({ body: "" });
  });
  return (
    <Stack spacing={2}>
      {comments.isError ? <Alert severity="error">{messageOf(comments.error)}</Alert> : null}
      {comments.data?.items.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No comments yet.</Typography>
      ) : null}
      <Stack spacing={1.5} component="ul" aria-label="Comments" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {comments.data?.items.map((c) => (
          <Box component="li" key={c.id}>
            <Typography variant="subtitle2">
              {c.author}{" "}
              <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
                {dateTime(c.at)}
              </Typography>
            </Typography>
            <Typography sx={{ whiteSpace: "pre-line" }}>{c.body}</Typography>
          </Box>
        ))}
      </Stack>
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)} spacing={1} aria-label="Add a comment">
        <TextField
          label="Comment"
          multiline
          minRows={2}
          {...register("body")}
          error={Boolean(errors.body)}
          helperText={errors.body?.message ?? "Seen by the client and the factory"}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Add comment
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
