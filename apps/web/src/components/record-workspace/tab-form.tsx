import { STALE_TAB_FIELD } from "@hub/contracts/common/record-tabs";
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack } from "@mui/material";
import { type FormEventHandler, type ReactNode, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";

/** A save refused because someone else saved the tab since it was loaded (409 naming `version`). */
export const isStaleTabError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && Boolean(error.fields?.[STALE_TAB_FIELD]);

/**
 * The outcome of a tab's last save: `fail(error, place)` keeps a stale save's message apart (shown
 * with Reload) and hands any other error to `place`, which puts field errors under their fields
 * and answers what is left for the alert (applyServerErrors).
 */
export const useTabSaveState = () => {
  const [stale, setStale] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    stale,
    error,
    clear: () => {
      setStale(null);
      setError(null);
    },
    fail: (e: unknown, place: (e: unknown) => string | null) => {
      if (isStaleTabError(e)) setStale(e.message);
      else setError(place(e));
    },
  };
};

export type TabFormProps = {
  /** The card's title ("Pricing") and the form's accessible name. */
  title: string;
  subheader?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  dirty: boolean;
  saving: boolean;
  canEdit: boolean;
  /** The last save's error message (not a stale one), shown above the fields. */
  error?: string | null;
  /** The message of a save refused as stale; the alert offers Reload. */
  stale?: string | null;
  /** Loads the tab again (dropping the unsaved changes). */
  onReload: () => void;
  /** More header actions beside Save (apply a profile…). */
  actions?: ReactNode;
  saveLabel?: string;
  children: ReactNode;
};

/**
 * One tab's form in a record workspace: its Save (enabled once something changed), the save's
 * error, the stale-version message with Reload (never a silent overwrite), and the guard that asks
 * before leaving with unsaved changes.
 */
export function TabForm(props: TabFormProps) {
  const { canEdit, dirty, saving } = props;
  return (
    <Card component="form" noValidate onSubmit={props.onSubmit} aria-label={props.title}>
      <CardHeader
        title={props.title}
        subheader={props.subheader}
        action={
          canEdit ? (
            <Stack direction="row" spacing={1}>
              {props.actions}
              <Button type="submit" variant="contained" loading={saving} disabled={!dirty}>
                {props.saveLabel ?? "Save"}
              </Button>
            </Stack>
          ) : null
        }
      />
      <CardContent>
        {props.stale ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            role="alert"
            data-testid="tab-conflict"
            action={
              <Button color="inherit" size="small" onClick={props.onReload}>
                Reload
              </Button>
            }
          >
            {props.stale}
          </Alert>
        ) : null}
        {props.error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {props.error}
          </Alert>
        ) : null}
        <Box>{props.children}</Box>
      </CardContent>
      <UnsavedChangesGuard dirty={dirty && !saving} what={`the ${props.title} tab`} />
    </Card>
  );
}
