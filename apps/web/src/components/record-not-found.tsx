import { Button, Card, CardContent, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "./page-header";

/**
 * A record screen whose record does not exist (a bad id, a deleted record, or one outside the
 * caller's scope, which the server answers as 404): says so and links back to the list.
 */
export function RecordNotFound({
  title,
  message,
  backTo,
  backLabel,
}: {
  /** "Supplier not found". */
  title: string;
  /** "This supplier does not exist, or it was deleted." */
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{message}</Typography>
          <Button component={RouterLink} to={backTo} variant="contained">
            {backLabel}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
