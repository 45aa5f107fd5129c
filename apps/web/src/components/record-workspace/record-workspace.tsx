import { Box, Card, CardContent, CircularProgress, Divider, Stack, Tab, Tabs } from "@mui/material";
import { type ReactNode, Suspense } from "react";
import { Outlet, Link as RouterLink, useLocation, useResolvedPath } from "react-router";
import { PageHeader } from "../page-header";

export type WorkspaceTab = {
  /** The tab's path segment (/…/{id}/{path}), also its key. */
  path: string;
  label: string;
};

type Props = {
  /** The record's title (also the browser title). */
  title: string;
  /** Under the title: what the record is and its status chips. */
  subtitle?: ReactNode;
  /** Header actions (links, archive, delete). */
  actions?: ReactNode;
  tabs: readonly WorkspaceTab[];
  /** Horizontal tabs above the tab (default), or vertical beside it (the tech pack's choice in Settings). */
  orientation?: "horizontal" | "vertical";
  /** Names the tab list for screen readers ("Style"). */
  label: string;
  /** Handed to every tab (react-router's outlet context): the record's id, whether it may be edited… */
  context?: unknown;
  /** Between the header and the tabs: what the record shows whatever the tab (an order's payment and header). */
  lead?: ReactNode;
  /** Horizontal tabs and the tab's content in one card (an order's details). */
  framed?: boolean;
};

/**
 * A record edited in tabs (ARCHITECTURE.md "The record workspace"): the header, then the tabs as
 * links to `/…/{id}/{tab}` (one child route each, rendered by the Outlet). The tabs are MUI Tabs,
 * so arrow keys move between them and Enter opens one; each tab loads and saves on its own.
 * Render it as the element of the record's route, with `workspaceTabRoutes(...)` as its children.
 */
export function RecordWorkspace({
  title,
  subtitle,
  actions,
  tabs,
  orientation = "horizontal",
  label,
  context,
  lead,
  framed = false,
}: Props) {
  const { pathname } = useLocation();
  const base = useResolvedPath(".").pathname.replace(/\/$/, "");
  const current = tabs.find((t) => pathname === `${base}/${t.path}` || pathname.startsWith(`${base}/${t.path}/`));
  const vertical = orientation === "vertical";
  const tabList = (
    <Tabs
      value={current?.path ?? false}
      orientation={orientation}
      variant="scrollable"
      aria-label={`${label} tabs`}
      sx={
        vertical
          ? { borderRight: 1, borderColor: "divider", minWidth: 180, flexShrink: 0 }
          : framed
            ? { px: 2 }
            : { borderBottom: 1, borderColor: "divider", mb: 3 }
      }
    >
      {tabs.map((t) => (
        <Tab
          key={t.path}
          value={t.path}
          label={t.label}
          component={RouterLink}
          to={`${base}/${t.path}`}
          id={`workspace-tab-${t.path}`}
          aria-controls="workspace-tabpanel"
          sx={vertical ? { alignItems: "flex-start", textAlign: "left" } : undefined}
        />
      ))}
    </Tabs>
  );
  const panel = (
    <Box
      role="tabpanel"
      id="workspace-tabpanel"
      aria-labelledby={current ? `workspace-tab-${current.path}` : undefined}
      sx={{ flexGrow: 1, minWidth: 0 }}
    >
      <Suspense fallback={<CircularProgress aria-label="Loading the tab" />}>
        <Outlet context={context} />
      </Suspense>
    </Box>
  );
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {lead}
      {framed && !vertical ? (
        <Card>
          {tabList}
          <Divider />
          <CardContent>{panel}</CardContent>
        </Card>
      ) : vertical ? (
        <Card variant="outlined" sx={{ p: 0 }}>
          <Stack direction={{ xs: "column", md: "row" }}>
            {tabList}
            <Box sx={{ p: 3, flexGrow: 1, minWidth: 0 }}>{panel}</Box>
          </Stack>
        </Card>
      ) : (
        <>
          {tabList}
          {panel}
        </>
      )}
    </>
  );
}
