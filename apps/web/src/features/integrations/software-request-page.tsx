import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TSoftwareRequest,
  type TSoftwareRequestInput,
  ZSoftwareRequestSchema,
} from "@hub/contracts/integrations/integrations";
import { Alert, Box, Button, Paper, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { PageHeader } from "../../components/page-header";
import { TextInput } from "../../components/text-input";
import { applyServerErrors } from "../../lib/form-errors";
import { useSendSoftwareRequest } from "./api";

const FIELDS = ["subject", "body"] as const;
const EMPTY: TSoftwareRequestInput = { subject: "", body: "" };

/** /softwareRequest: a request for software, emailed to the Hub's admins. */
export default function SoftwareRequestPage() {
  const send = useSendSoftwareRequest();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TSoftwareRequestInput, unknown, TSoftwareRequest>({
    resolver: zodResolver(ZSoftwareRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = async (values: TSoftwareRequest) => {
    setError(null);
    try {
      await send.mutateAsync(values);
      toast.success("Your request was sent to the Hub's team.");
      form.reset(EMPTY);
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
    }
  };
  return (
    <>
      <PageHeader
        title="Software Request"
        subtitle="Tell the Hub's team what you need; they will get back to you by email."
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)} aria-label="Software request">
          <Stack spacing={2}>
            <TextInput
              label="Subject *"
              error={Boolean(errors.subject)}
              helperText={errors.subject?.message}
              {...form.register("subject")}
            />
            <TextInput
              label="What do you need? *"
              multiline
              minRows={6}
              error={Boolean(errors.body)}
              helperText={errors.body?.message}
              {...form.register("body")}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                Send request
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </>
  );
}
