import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from "@mui/material";
import type { GridValidRowModel } from "@mui/x-data-grid";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import type { z } from "zod";
import { call } from "../../lib/api";
import { ApiError, messageOf } from "../../lib/api-error";
import { useSubmitErrors } from "../../lib/form-errors";
import { parseId } from "../../lib/ids";
import { ArchiveDeleteActions } from "../archive-delete-actions";
import { PageLoader } from "../loading-screen";
import { PageHeader } from "../page-header";
import { RecordNotFound } from "../record-not-found";
import { type ResourceOps, useDeleteResource, useResourceAction, useResourceDetail, useSaveResource } from "./api";
import { ResourceField } from "./fields";
import { useCanEdit } from "./list-page";
import type { Draft, ResourceConfig, ResourceDetail } from "./types";

/** What the form pages use of a config (everything but the list's columns). */
type FormConfig<TRequest extends FieldValues, TDetail extends ResourceDetail> = Omit<
  ResourceConfig<TRequest, TDetail, GridValidRowModel & { id: number }>,
  "columns" | "schemas" | "api"
> & { api: ResourceOps<TRequest, TDetail>; schemas: { detail: z.ZodType<TDetail>; request: z.ZodType<TRequest> } };

/**
 * The request schema validates what the form holds (a draft, nulls included) into the request.
 * zod types a schema's input apart from its output, and a generic config knows only the output,
 * so this is the one place the draft is named as the resolver's input.
 */
const draftResolver = <TRequest extends FieldValues>(
  schema: z.ZodType<TRequest>,
): Resolver<Draft<TRequest>, unknown, TRequest> => zodResolver(schema as z.ZodType<TRequest, Draft<TRequest>>);

const NotFound = ({ config }: { config: { noun: string; listPath: string; title: string } }) => (
  <RecordNotFound
    title={`${config.noun[0]?.toUpperCase()}${config.noun.slice(1)} not found`}
    message={`This ${config.noun} does not exist, or it was deleted.`}
    backTo={`/${config.listPath}`}
    backLabel={`Back to ${config.title.toLowerCase()}`}
  />
);

/** Who changed the stock state and when (spec 4 out-of-stock actions). */
function StockLine({ detail }: { detail: ResourceDetail }) {
  if (detail.stockChangedAt === null || detail.stockChangedAt === undefined) return null;
  const when = new Date(String(detail.stockChangedAt)).toLocaleString();
  const who = detail.stockChangedByName ? String(detail.stockChangedByName) : "someone";
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="stock-changed">
      Marked {detail.outOfStock ? "out of stock" : "back in stock"} by {who} on {when}.
    </Typography>
  );
}

function ResourceForm<TRequest extends FieldValues, TDetail extends ResourceDetail>({
  config,
  detail,
}: {
  config: FormConfig<TRequest, TDetail>;
  detail: TDetail | null;
}) {
  const navigate = useNavigate();
  const canEdit = useCanEdit(config.editors);
  const save = useSaveResource<TRequest, TDetail>(config.api, detail?.id ?? null);
  const remove = useDeleteResource(config.api);
  const action = useResourceAction<TDetail>(config.api);
  const [current, setCurrent] = useState<TDetail | null>(detail);
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { isSubmitting, isDirty },
  } = useForm<Draft<TRequest>, unknown, TRequest>({
    resolver: draftResolver(config.schemas.request),
    // A whole draft is a DefaultValues of itself; TypeScript cannot see that for a generic request.
    defaultValues: (detail ? config.fromDetail(detail) : config.empty) as DefaultValues<Draft<TRequest>>,
  });
  const name = (d: TDetail | null) => String(d?.[config.titleField] ?? config.noun);

  const { formError, submit } = useSubmitErrors(
    setError,
    config.fields.map((f) => f.name),
  );
  const onSubmit = submit(async (values: TRequest) => {
    const saved = await save.mutateAsync(values);
    toast.success(detail ? `${name(saved)} was saved.` : `${name(saved)} was created.`);
    if (detail || !config.below) navigate(`/${config.listPath}`);
    else navigate(`/${config.basePath}/edit/${saved.id}`, { replace: true });
  });

  /** Archives or restores the row (when the resource is archivable). */
  const archive = (id: number, archived: boolean): Promise<TDetail> => {
    const op = config.api.archive;
    if (!op) throw new Error(`A ${config.noun} cannot be archived.`);
    return call(op, { params: { id }, body: { archived } });
  };
  const runAction = async (run: (id: number) => Promise<TDetail>, done: string) => {
    if (!current) return;
    try {
      const next = await action.mutateAsync(() => run(current.id));
      setCurrent(next);
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const title = current ? `${canEdit ? "Edit" : ""} ${name(current)}`.trim() : `New ${config.noun}`;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          current ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <span>{config.title}</span>
              {current.archived ? <Chip size="small" label="Archived" /> : null}
              {config.stock ? (
                <Chip
                  size="small"
                  color={current.outOfStock ? "error" : "success"}
                  variant="outlined"
                  label={current.outOfStock ? "Out of stock" : "In stock"}
                />
              ) : null}
            </Stack>
          ) : (
            config.subtitle
          )
        }
        actions={
          current ? (
            <>
              {config.links?.(current).map((l) => (
                <Button key={l.to} component={RouterLink} to={l.to} variant="text">
                  {l.label}
                </Button>
              ))}
              {canEdit && config.stock ? (
                <Button
                  variant="outlined"
                  color={current.outOfStock ? "success" : "warning"}
                  loading={action.isPending}
                  onClick={() => {
                    const stock = config.stock;
                    if (!stock) return;
                    const op = current.outOfStock ? stock.backInStock : stock.outOfStock;
                    return runAction(
                      (id) => call(op, { params: { id } }),
                      `${name(current)} is ${current.outOfStock ? "back in stock" : "out of stock"}.`,
                    );
                  }}
                >
                  {current.outOfStock ? "Back in stock" : "Out of stock"}
                </Button>
              ) : null}
              {canEdit ? (
                <ArchiveDeleteActions
                  noun={config.noun}
                  name={name(current)}
                  archivable={config.archivable}
                  archived={current.archived}
                  onRestore={() => runAction((id) => archive(id, false), `${name(current)} was restored.`)}
                  onArchive={async () => {
                    const next = await action.mutateAsync(() => archive(current.id, true));
                    setCurrent(next);
                    toast.success(`${name(current)} was archived.`);
                  }}
                  onDelete={async () => {
                    await remove.mutateAsync(current.id);
                    toast.success(`${name(current)} was deleted.`);
                    navigate(`/${config.listPath}`);
                  }}
                  deleteNote="If styles still use it, the Hub refuses and says which."
                  archiveNote="Styles that use it keep it."
                />
              ) : null}
            </>
          ) : undefined
        }
      />
      {current && config.stock ? (
        <Box sx={{ mb: 2 }}>
          <StockLine detail={current} />
        </Box>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: (config.aside && current) || config.live ? 7 : 12 }}>
          <Card
            component="form"
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            aria-label={current ? `Edit ${config.noun}` : `New ${config.noun}`}
          >
            <CardContent>
              <Grid container spacing={2.5} sx={{ maxWidth: 900 }}>
                {config.fields.map((spec, n) => (
                  <Grid key={spec.name} size={{ xs: 12, md: spec.half ? 6 : 12 }}>
                    <ResourceField
                      spec={spec}
                      control={control}
                      disabled={!canEdit || isSubmitting}
                      autoFocus={!current && n === 0}
                    />
                  </Grid>
                ))}
                {formError ? (
                  <Grid size={12}>
                    <Alert severity="error" data-testid="library-form-error">
                      {formError}
                    </Alert>
                  </Grid>
                ) : null}
                {canEdit ? (
                  <Grid size={12}>
                    <Box sx={{ display: "flex", gap: 1.5 }}>
                      <Button
                        type="submit"
                        variant="contained"
                        loading={isSubmitting}
                        disabled={Boolean(current) && !isDirty}
                      >
                        {current ? "Save changes" : `Create ${config.noun}`}
                      </Button>
                      <Button component={RouterLink} to={`/${config.listPath}`} disabled={isSubmitting}>
                        Cancel
                      </Button>
                    </Box>
                  </Grid>
                ) : null}
              </Grid>
            </CardContent>
          </Card>
        </Grid>
        {config.aside && current ? <Grid size={{ xs: 12, lg: 5 }}>{config.aside(current)}</Grid> : null}
        {config.live ? <Grid size={{ xs: 12, lg: 5 }}>{config.live(watch())}</Grid> : null}
      </Grid>
      {config.below && current ? <Box sx={{ mt: 3 }}>{config.below(current, canEdit)}</Box> : null}
    </>
  );
}

/** {basePath}/new and {basePath}/edit/:id for one resource. */
export function ResourceFormPage<TRequest extends FieldValues, TDetail extends ResourceDetail>({
  config,
  mode,
}: {
  config: FormConfig<TRequest, TDetail>;
  mode: "new" | "edit";
}) {
  const params = useParams();
  const id = mode === "edit" ? parseId(params.id) : null;
  const detail = useResourceDetail(config.api, id);
  if (mode === "edit" && id === null) return <NotFound config={config} />;
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound config={config} />;
  if (detail.error) {
    return (
      <>
        <PageHeader title={config.title} />
        <Alert severity="error">{messageOf(detail.error)}</Alert>
      </>
    );
  }
  if (mode === "edit" && !detail.data) return <PageLoader />;
  const data = mode === "edit" ? (detail.data ?? null) : null;
  return <ResourceForm key={data ? `${data.id}-${String(data.updatedAt)}` : "new"} config={config} detail={data} />;
}
