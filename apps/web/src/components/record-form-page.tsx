import { Alert, Box, Button, Card, CardContent, Stack } from "@mui/material";
import type { FormEventHandler, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "./page-header";

/**
 * A record's create or edit screen: the header (with Delete when `onDelete` is given), the form
 * card with its fields, the save's error (`useSubmitErrors`' formError) and Save + Cancel. The
 * delete confirmation stays with the page, which knows what deleting takes with it.
 */
export function RecordFormPage(props: {
  title: string;
  subtitle?: ReactNode;
  /** The form's accessible name ("Edit supplier"). */
  formLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown as Delete in the header (an existing record the caller may delete). */
  onDelete?: () => void;
  formError: string | null;
  /** The error alert's test id ("client-form-error"). */
  errorTestId?: string;
  saving: boolean;
  submitLabel: string;
  /** Where Cancel goes (the list). */
  cancelTo: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          props.onDelete ? (
            <Button color="error" variant="outlined" onClick={props.onDelete}>
              Delete
            </Button>
          ) : undefined
        }
      />
      <Card component="form" noValidate onSubmit={props.onSubmit} aria-label={props.formLabel}>
        <CardContent>
          <Stack spacing={2.5} sx={{ maxWidth: props.maxWidth }}>
            {props.children}
            {props.formError ? (
              <Alert severity="error" data-testid={props.errorTestId}>
                {props.formError}
              </Alert>
            ) : null}
            <Box sx={{ display: "flex", gap: 1.5 }}>
              <Button type="submit" variant="contained" loading={props.saving}>
                {props.submitLabel}
              </Button>
              <Button component={RouterLink} to={props.cancelTo} disabled={props.saving}>
                Cancel
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
