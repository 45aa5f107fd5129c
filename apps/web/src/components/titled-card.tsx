import { Card, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A card with a heading above its content ("Lines", "History"). */
export function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
