import { Alert, Button, CircularProgress } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { messageOf } from "../../../../lib/api-error";

/**
 * Renders a tab's form once its query has data, keyed by the tab's version: a save or a Reload
 * that brings a new version starts the form afresh from it, and nothing else replaces what is
 * being typed.
 */
export function TabLoader<T extends { version: number }>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T, reload: () => void) => ReactNode;
}) {
  if (query.isPending) return <CircularProgress aria-label={`Loading ${label}`} />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(query.error)}
      </Alert>
    );
  return (
    <div key={query.data.version}>
      {children(query.data, () => {
        void query.refetch();
      })}
    </div>
  );
}
