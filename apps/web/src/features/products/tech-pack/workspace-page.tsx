import { PRODUCT_MESSAGES, techPackPath } from "@hub/contracts/products/products";
import { frozenVersionMessage } from "@hub/contracts/products/tech-pack/handoff";
import { TECH_PACK_TAB_LABELS, TECH_PACK_TABS } from "@hub/contracts/products/tech-pack/tech-pack";
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { RecordNotFound } from "../../../components/record-not-found";
import { recordPageState } from "../../../components/record-page-state";
import { RecordWorkspace } from "../../../components/record-workspace";
import { messageOf } from "../../../lib/api-error";
import { parseId } from "../../../lib/ids";
import { useSettings } from "../../../lib/settings/settings-context";
import { useAcknowledgeVersion, useCreateVersion, useTechPackHeader } from "../api";
import { ApprovalChip, ProductStatusChip } from "../format";
import { VersionCompare } from "../version-compare";
import type { TechPackContext } from "./context";
import { PackStyleAction } from "./pack-style";
import { openTechPackPdf } from "./pdf";
import { TranslationsButton } from "./translations";

const TABS = TECH_PACK_TABS.map((path) => ({ path, label: TECH_PACK_TAB_LABELS[path] }));

const NotFound = () => (
  <RecordNotFound
    title="Tech pack not found"
    message="This tech pack does not exist, or it belongs to another team, or it was not sent to your facility."
    backTo="/productDev/products"
    backLabel="Back to products"
  />
);

/**
 * /productDev/products/:productId/versions/:version/stps/:stpId/{tab}: the smart tech pack in the
 * record workspace, its tabs vertical beside it (the Settings drawer's default) or horizontal.
 */
export default function TechPackWorkspacePage() {
  const params = useParams();
  const stpId = parseId(params.stpId);
  const header = useTechPackHeader(stpId);
  const { settings } = useSettings();
  const navigate = useNavigate();
  const productId = header.data?.product.id ?? 0;
  const newVersion = useCreateVersion(productId);
  const acknowledge = useAcknowledgeVersion(stpId ?? 0);
  const [showChanges, setShowChanges] = useState(false);
  const makeNewVersion = async () => {
    try {
      const v = await newVersion.mutateAsync("");
      toast.success(PRODUCT_MESSAGES.versionCreated);
      navigate(techPackPath(productId, v.version, v.stpId, "editProductDetails"));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const waiting = recordPageState({
    missing: stpId === null,
    error: header.error,
    loading: !header.data,
    notFound: <NotFound />,
    errorTitle: "Tech pack",
  });
  if (waiting || !header.data || stpId === null) return waiting;
  const h = header.data;
  const context: TechPackContext = { stpId, canEdit: h.canEdit, header: h };
  const facility = h.viewer === "facility";
  const sent = h.version.sends[0];
  return (
    <>
      {facility ? (
        <>
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              sent?.acknowledgedAt ? undefined : (
                <Button
                  color="inherit"
                  size="small"
                  loading={acknowledge.isPending}
                  onClick={async () => {
                    try {
                      await acknowledge.mutateAsync();
                      toast.success(`Version ${h.version.version} acknowledged.`);
                    } catch (error) {
                      toast.error(messageOf(error));
                    }
                  }}
                >
                  Acknowledge
                </Button>
              )
            }
          >
            {sent
              ? `Sent to ${sent.factoryName} by ${sent.sentByName} on ${new Date(sent.sentAt).toLocaleString()}. `
              : ""}
            This is the approved version as the brand sent it: read-only.
            {sent?.acknowledgedAt
              ? ` Acknowledged by ${sent.acknowledgedBy ?? "your facility"} on ${new Date(sent.acknowledgedAt).toLocaleString()}.`
              : " Acknowledge it once you build from it: the next version the brand sends opens on what changed since."}
          </Alert>
          {h.changesSince ? (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => setShowChanges(true)}>
                  Show changes
                </Button>
              }
            >
              Changes since version {h.changesSince.version}, the version you built.
            </Alert>
          ) : null}
          <Dialog open={showChanges} onClose={() => setShowChanges(false)} maxWidth="lg" fullWidth>
            <DialogTitle>Changes since version {h.changesSince?.version}, the version you built</DialogTitle>
            <DialogContent>
              {showChanges ? <VersionCompare stpId={stpId} from={h.changesSince?.stpId ?? null} /> : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setShowChanges(false)}>Close</Button>
            </DialogActions>
          </Dialog>
        </>
      ) : h.version.readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {PRODUCT_MESSAGES.readOnlyVersion}
        </Alert>
      ) : h.frozen ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" loading={newVersion.isPending} onClick={() => void makeNewVersion()}>
              New version
            </Button>
          }
        >
          {frozenVersionMessage(h.version.version, h.version.sentToFactoryAt !== null)}
        </Alert>
      ) : null}
      <RecordWorkspace
        label="Tech pack"
        title={`${h.product.code} ${h.product.name}`}
        tabs={TABS}
        orientation={settings.techPackNav}
        context={context}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <span>Version {h.version.version}</span>
            <ProductStatusChip status={h.product.status} />
            <ApprovalChip state={h.version.approvalState} />
            {h.version.sentToFactoryAt ? <Chip size="small" color="primary" label="Sent to factory" /> : null}
          </Stack>
        }
        actions={
          <>
            {facility ? (
              <>
                <PackStyleAction stpId={stpId} />
                <Button component={RouterLink} to="/productDev/techPacks">
                  Tech Packs
                </Button>
              </>
            ) : (
              <Button component={RouterLink} to={`/productDev/products/${h.product.id}/versions`}>
                Versions
              </Button>
            )}
            <TranslationsButton
              stpId={stpId}
              code={h.product.code}
              version={h.version.version}
              canTranslate={!facility}
            />
            <Button variant="outlined" onClick={() => void openTechPackPdf(stpId, h.product.code, h.version.version)}>
              Open PDF
            </Button>
          </>
        }
      />
    </>
  );
}
