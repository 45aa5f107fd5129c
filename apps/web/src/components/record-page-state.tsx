import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { ApiError, messageOf } from "../lib/api-error";
import { PageLoader } from "./loading-screen";
import { PageHeader } from "./page-header";

/**
 * What a record's page shows until the record does: `notFound` for a bad id (`missing`) or a
 * record the server does not know (404), the error under `errorTitle`, a spinner while `loading`;
 * null once the record can show.
 *
 *   const waiting = recordPageState({ missing: id === null, error: q.error, loading: !q.data, … });
 *   if (waiting || !q.data) return waiting;
 */
export const recordPageState = (state: {
  missing: boolean;
  error: unknown;
  loading: boolean;
  notFound: ReactNode;
  errorTitle: string;
}): ReactNode => {
  if (state.missing || (state.error instanceof ApiError && state.error.status === 404)) return state.notFound;
  if (state.error)
    return (
      <>
        <PageHeader title={state.errorTitle} />
        <Alert severity="error">{messageOf(state.error)}</Alert>
      </>
    );
  if (state.loading) return <PageLoader />;
  return null;
};
