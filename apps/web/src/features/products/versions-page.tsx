import { PRODUCT_MESSAGES, techPackPath } from "@hub/contracts/products/products";
import {
  Alert,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageLoader } from "../../components/loading-screen";
import { PageHeader } from "../../components/page-header";
import { RecordNotFound } from "../../components/record-not-found";
import { ApiError, messageOf } from "../../lib/api-error";
import { parseId } from "../../lib/ids";
import { useCreateVersion, useDeleteProduct, useDuplicateProduct, useVersions } from "./api";
import { ApprovalChip, ProductStatusChip } from "./format";
import { VersionCompare } from "./version-compare";

/** /productDev/products/:productId/versions: every version of a product; a new one copies the latest tech pack. */
export default function VersionsPage() {
  const productId = parseId(useParams().productId);
  const navigate = useNavigate();
  const q = useVersions(productId);
  const create = useCreateVersion(productId ?? 0);
  const duplicate = useDuplicateProduct(productId ?? 0);
  const remove = useDeleteProduct();
  const [note, setNote] = useState("");
  const [dupCode, setDupCode] = useState("");
  const [confirmNew, setConfirmNew] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The two versions compared, in the URL (`?from=&to=`, tech pack ids) so a compare can be linked.
  const [search, setSearch] = useSearchParams();
  if (productId === null || (q.error instanceof ApiError && q.error.status === 404))
    return (
      <RecordNotFound
        title="Product not found"
        message="This product does not exist, or it belongs to another team."
        backTo="/productDev/products"
        backLabel="Back to products"
      />
    );
  if (q.error) return <Alert severity="error">{messageOf(q.error)}</Alert>;
  if (!q.data) return <PageLoader />;
  const { product, versions } = q.data;
  const pick = (name: "from" | "to", fallback: number | undefined) => {
    const id = parseId(search.get(name) ?? undefined);
    return versions.some((v) => v.stpId === id) ? id : (fallback ?? null);
  };
  // Newest first: by default the latest against the one before it.
  const compareTo = pick("to", versions[0]?.stpId);
  const compareFrom = pick("from", versions[1]?.stpId);
  const choose = (name: "from" | "to", value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title={`${product.code} ${product.name}`}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <span>Versions</span>
            <ProductStatusChip status={product.status} />
          </Stack>
        }
        actions={
          <>
            <Button component={RouterLink} to="/productDev/products">
              Back to products
            </Button>
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <Table size="small" aria-label="Versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Approval</TableCell>
              <TableCell>Note</TableCell>
              <TableCell>Made by</TableCell>
              <TableCell>Made</TableCell>
              <TableCell>Sent to factory</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.stpId}>
                <TableCell>
                  v{v.version}
                  {v.readOnly ? " (read-only)" : ""}
                </TableCell>
                <TableCell>
                  <ApprovalChip state={v.approvalState} />
                </TableCell>
                <TableCell>{v.note ?? "–"}</TableCell>
                <TableCell>{v.createdBy ?? "–"}</TableCell>
                <TableCell>{new Date(v.createdAt).toLocaleDateString()}</TableCell>
                <TableCell>
                  {v.sends.length === 0
                    ? "–"
                    : v.sends.map((s) => (
                        <div key={s.factoryId}>
                          {s.factoryName}, {new Date(s.sentAt).toLocaleDateString()}:{" "}
                          {s.firstOpenedAt
                            ? `opened ${new Date(s.firstOpenedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`
                            : "not opened yet"}
                          {s.acknowledgedAt
                            ? `, acknowledged by ${s.acknowledgedBy ?? "the facility"} ${new Date(s.acknowledgedAt).toLocaleDateString()}`
                            : ""}
                        </div>
                      ))}
                </TableCell>
                <TableCell align="right">
                  <Button component={RouterLink} to={techPackPath(product.id, v.version, v.stpId)}>
                    Open tech pack
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {versions.length > 1 ? (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Compare versions
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
              {(["from", "to"] as const).map((name) => (
                <TextField
                  key={name}
                  select
                  size="small"
                  label={name === "from" ? "From version" : "To version"}
                  value={(name === "from" ? compareFrom : compareTo) ?? ""}
                  onChange={(e) => choose(name, e.target.value)}
                  sx={{ minWidth: 160 }}
                >
                  {versions.map((v) => (
                    <MenuItem key={v.stpId} value={v.stpId}>
                      v{v.version}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
            <VersionCompare stpId={compareTo} from={compareFrom} />
          </CardContent>
        </Card>
      ) : null}
      <Stack direction={{ xs: "column", md: "row" }} spacing={3}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <TextField
            size="small"
            label="Note for the new version"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button variant="contained" onClick={() => setConfirmNew(true)}>
            New version
          </Button>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <TextField
            size="small"
            label="Code of the copy"
            value={dupCode}
            onChange={(e) => setDupCode(e.target.value)}
          />
          <Button
            variant="outlined"
            disabled={!dupCode.trim()}
            loading={duplicate.isPending}
            onClick={async () => {
              try {
                const made = await duplicate.mutateAsync({ code: dupCode.trim() });
                toast.success(PRODUCT_MESSAGES.duplicated);
                navigate(techPackPath(made.product.id, 1, made.stpId));
              } catch (error) {
                toast.error(messageOf(error));
              }
            }}
          >
            Duplicate
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmNew}
        title="Make a new version?"
        message={`Version ${product.latestVersion + 1} starts as a copy of version ${product.latestVersion}, which then stays readable but can no longer be changed.`}
        confirmLabel="New version"
        onConfirm={async () => {
          const v = await create.mutateAsync(note.trim());
          toast.success(PRODUCT_MESSAGES.versionCreated);
          navigate(techPackPath(product.id, v.version, v.stpId));
        }}
        onClose={() => setConfirmNew(false)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${product.code}?`}
        message="The product, every version of its tech pack, its tasks and history are deleted."
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          await remove.mutateAsync(product.id);
          toast.success(PRODUCT_MESSAGES.deleted);
          navigate("/productDev/products");
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
