import { Box, Container, Divider, Link, List, ListItem, Paper, Stack, Typography } from "@mui/material";
import { Fragment, type ReactNode, useEffect } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { HubMark } from "../../components/hub-mark";
import {
  POLICY_LINKS,
  type PolicyBlock,
  type PolicyDocument,
  type PolicyInline,
  type PolicySection,
  type PolicyText,
} from "./policy-content/document";

/**
 * A policy as PolicyDocument describes it; `path` (the policy's own route, left out of the footer
 * links) defaults to the current location and `effectiveDateIso` is optional.
 */
export type PolicyLayoutProps = Omit<PolicyDocument, "path" | "effectiveDateIso"> &
  Partial<Pick<PolicyDocument, "path" | "effectiveDateIso">>;

const headingId = (sectionId: string) => `${sectionId}-heading`;

function renderInline(part: PolicyInline): ReactNode {
  if (typeof part === "string") return part;
  if ("strong" in part) {
    return (
      <Box component="strong" sx={{ fontWeight: 600 }}>
        {part.strong}
      </Box>
    );
  }
  return (
    <Link component={RouterLink} to={part.to}>
      {part.text}
    </Link>
  );
}

function RichText({ text }: { text: PolicyText }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((part, i) => (
        <Fragment key={i}>{renderInline(part)}</Fragment>
      ))}
    </>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <Typography variant="body1" sx={{ mb: 2 }}>
          <RichText text={block.text} />
        </Typography>
      );
    case "subheading":
      return (
        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          {block.text}
        </Typography>
      );
    case "list":
      return (
        <List disablePadding sx={{ listStyleType: "disc", pl: 3, mb: 2 }}>
          {block.items.map((item, i) => (
            <ListItem key={i} disablePadding sx={{ display: "list-item", py: 0.5, pl: 0.5 }}>
              <Typography variant="body1" component="span">
                <RichText text={item} />
              </Typography>
            </ListItem>
          ))}
        </List>
      );
    case "definitions":
      return (
        <Box component="dl" sx={{ mt: 0, mb: 2 }}>
          {block.items.map((item, i) => (
            <Fragment key={i}>
              <Typography component="dt" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {item.term}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ ml: 0, mb: 1.5 }}>
                <RichText text={item.definition} />
              </Typography>
            </Fragment>
          ))}
        </Box>
      );
  }
}

function Section({ section, number }: { section: PolicySection; number: number }) {
  return (
    <Box
      component="section"
      id={section.id}
      aria-labelledby={headingId(section.id)}
      sx={{ scrollMarginTop: 24, mt: 5 }}
    >
      <Typography variant="h5" component="h2" id={headingId(section.id)} sx={{ mb: 2, fontWeight: 700 }}>
        {number}. {section.title}
      </Typography>
      {section.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </Box>
  );
}

function TableOfContents({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <Paper
      component="nav"
      variant="outlined"
      aria-labelledby="policy-contents-heading"
      sx={{ p: { xs: 2, sm: 3 }, mt: 4 }}
    >
      <Typography variant="h6" component="h2" id="policy-contents-heading" sx={{ mb: 1 }}>
        Contents
      </Typography>
      <List component="ol" dense disablePadding sx={{ columnCount: { xs: 1, sm: 2 }, columnGap: 4 }}>
        {sections.map((section, i) => (
          <ListItem key={section.id} disablePadding sx={{ breakInside: "avoid", py: 0.25 }}>
            <Link href={`#${section.id}`} underline="hover">
              {i + 1}. {section.title}
            </Link>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * A public policy page: a centred readable column with the title, effective date and version, a
 * table of contents linking to each numbered section, and links to the other policies and back to
 * sign-in. Sets the document title to "<title> | Hub".
 */
export function PolicyLayout({
  path,
  title,
  effectiveDate,
  effectiveDateIso,
  version,
  summary,
  sections,
}: PolicyLayoutProps) {
  useEffect(() => {
    document.title = `${title} | Hub`;
  }, [title]);

  // The page is loaded lazily, so the browser's own jump to a #section in the address happens
  // before the section exists: repeat it once the content is on screen.
  useEffect(() => {
    const target = decodeURIComponent(window.location.hash.slice(1));
    if (target) document.getElementById(target)?.scrollIntoView();
  }, []);

  const { pathname } = useLocation();
  const currentPath = path ?? pathname;
  const otherPolicies = POLICY_LINKS.filter((policy) => policy.path !== currentPath);

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: "center", mb: 4 }}>
        <HubMark />
      </Stack>

      <Box component="header">
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, mb: 1.5, fontSize: { xs: "2rem", sm: "2.5rem" } }}
        >
          {title}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 0.5, sm: 3 }} sx={{ color: "text.secondary" }}>
          <Typography variant="body2">
            Effective date:{" "}
            {effectiveDateIso ? <time dateTime={effectiveDateIso}>{effectiveDate}</time> : effectiveDate}
          </Typography>
          <Typography variant="body2">Version {version}</Typography>
        </Stack>
        {summary ? (
          <Typography variant="body1" sx={{ mt: 3, color: "text.secondary" }}>
            {summary}
          </Typography>
        ) : null}
      </Box>

      <TableOfContents sections={sections} />

      {sections.map((section, i) => (
        <Section key={section.id} section={section} number={i + 1} />
      ))}

      <Divider sx={{ mt: 6, mb: 3 }} />
      <Stack
        component="nav"
        aria-label="Policies and sign in"
        direction={{ xs: "column", sm: "row" }}
        spacing={{ xs: 1.5, sm: 3 }}
        sx={{ alignItems: { xs: "flex-start", sm: "center" } }}
      >
        {otherPolicies.map((policy) => (
          <Link key={policy.path} component={RouterLink} to={policy.path}>
            {policy.title}
          </Link>
        ))}
        <Link component={RouterLink} to="/auth/login" sx={{ ml: { sm: "auto" } }}>
          Back to sign in
        </Link>
      </Stack>
    </Container>
  );
}
