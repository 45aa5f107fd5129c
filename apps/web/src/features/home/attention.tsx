import { homeTileHref, type THomeFirstPass, type THomeTile } from "@hub/contracts/home/home";
import { Alert, Box, Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useHomeSummary } from "./api";

/** The tiles of one heading, in the server's order. */
const groupsOf = (tiles: readonly THomeTile[]): [string, THomeTile[]][] => {
  const groups = new Map<string, THomeTile[]>();
  for (const tile of tiles) groups.set(tile.group, [...(groups.get(tile.group) ?? []), tile]);
  return [...groups];
};

/** Today's QC first-pass yield, opening Quality History (the same figure for a range of today). */
function FirstPassToday({ firstPass: f }: { firstPass: THomeFirstPass }) {
  const value = f.yieldPct === null ? "—" : `${f.yieldPct}%`;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle2" component="h3" sx={{ color: "text.secondary", mb: 1 }}>
        Quality
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardActionArea
              component={RouterLink}
              to={homeTileHref(f)}
              sx={{ height: "100%" }}
              aria-label={`QC first-pass yield today: ${value}`}
              data-tile="quality.firstPass"
            >
              <CardContent>
                <Typography variant="h4" component="p">
                  {value}
                </Typography>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {f.firstInspected === 0
                    ? "QC first-pass yield today: no unit inspected yet"
                    : `QC first-pass yield today: ${f.firstPassUnits.toLocaleString()} of ${f.firstInspected.toLocaleString()} units passed their first inspection`}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

/**
 * What needs attention today (GET /home/summary): per heading, numbers that each open the list
 * filtered to exactly the rows counted.
 */
export function AttentionNumbers({ sessionClientId }: { sessionClientId: number | null }) {
  const summary = useHomeSummary(sessionClientId);
  if (summary.isError) {
    return (
      <Alert severity="error" sx={{ mb: 4 }}>
        {summary.error.message}
      </Alert>
    );
  }
  if (!summary.data) return <Skeleton variant="rounded" height={120} sx={{ mb: 4 }} />;
  const { tiles, lateRule, weekStart, firstPass } = summary.data;
  if (tiles.length === 0 && !firstPass) return null;
  const showsLate = tiles.some((t) => t.query.attention === "late" || t.query.flag === "late");
  return (
    <Box component="section" aria-labelledby="attention-heading" sx={{ mb: 4 }}>
      <Typography id="attention-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Needs attention today
      </Typography>
      {groupsOf(tiles).map(([group, items]) => (
        <Box key={group} sx={{ mb: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ color: "text.secondary", mb: 1 }}>
            {group}
          </Typography>
          <Grid container spacing={2}>
            {items.map((tile) => (
              <Grid key={tile.key} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
                <Card variant="outlined" sx={{ height: "100%" }}>
                  <CardActionArea
                    component={RouterLink}
                    to={homeTileHref(tile)}
                    sx={{ height: "100%" }}
                    aria-label={`${tile.label}: ${tile.count}${tile.capped ? "+" : ""}`}
                    data-tile={tile.key}
                  >
                    <CardContent>
                      <Typography variant="h4" component="p">
                        {tile.count.toLocaleString()}
                        {tile.capped ? "+" : ""}
                      </Typography>
                      <Typography variant="body2" sx={{ color: "text.secondary" }}>
                        {tile.label}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      {firstPass ? <FirstPassToday firstPass={firstPass} /> : null}
      <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
        {showsLate ? `${lateRule} ` : ""}
        {tiles.some((t) => t.query.shippedFrom) ? `This week starts on Monday ${weekStart} (UTC).` : ""}
      </Typography>
    </Box>
  );
}
