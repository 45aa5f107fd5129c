import {
  REPORT_FORMATS,
  type TReportCatalogue,
  type TReportDownloadRequest,
  type TReportFormat,
  type TReportFrequency,
} from "@hub/contracts/reports/reports";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { messageOf } from "../../lib/api-error";
import { useAuth } from "../../lib/auth/auth-context";
import { useLimitedClients } from "../clients/api";
import { useCreateSchedule, useRequestReport } from "./api";

type Report = TReportCatalogue["reports"][number];
type Field = Report["fields"][number];

const label = (value: string) => value.replaceAll("_", " ").replace(/^\w/, (c) => c.toUpperCase());

/** One filter of the chosen report, as its list shows it. */
function FilterField({
  field,
  value,
  onChange,
  clients,
}: {
  field: Field;
  value: string;
  onChange: (value: string) => void;
  clients: { clientId: number; clientName: string }[];
}) {
  const common = {
    size: "small" as const,
    label: field.label,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    sx: { minWidth: 180 },
  };
  if (field.kind === "date")
    return <TextField {...common} type="date" slotProps={{ inputLabel: { shrink: true } }} name={field.name} />;
  if (field.kind === "select" || field.kind === "client") {
    const options =
      field.kind === "client"
        ? clients.map((c) => ({ value: String(c.clientId), text: c.clientName }))
        : (field.options ?? []).map((o) => ({ value: o, text: label(o) }));
    return (
      <TextField
        {...common}
        select
        name={field.name}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">All</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.text}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} name={field.name} />;
}

/** Choose a report, its format and filters; the file is written in the background. */
export function RequestReportForm({ catalogue }: { catalogue: TReportCatalogue }) {
  const { user } = useAuth();
  const isClientUser = user?.userType === "client";
  const clients = useLimitedClients(!isClientUser);
  const [key, setKey] = useState(catalogue.reports[0]?.key ?? "");
  const [format, setFormat] = useState<TReportFormat>("csv");
  const [values, setValues] = useState<Record<string, string>>({});
  const [repeat, setRepeat] = useState<"once" | TReportFrequency>("once");
  const [sent, setSent] = useState<string | null>(null);
  const requestReport = useRequestReport();
  const createSchedule = useCreateSchedule();
  const error = requestReport.error ?? createSchedule.error;
  const report = catalogue.reports.find((r) => r.key === key);
  const fields = (report?.fields ?? []).filter((f) => f.kind !== "client" || !isClientUser);

  const submit = async () => {
    if (!report) return;
    setSent(null);
    const filters = Object.fromEntries(
      fields.map((f) => [f.name, values[f.name]?.trim() ?? ""]).filter(([, v]) => v !== ""),
    );
    const body = { report: report.key, format, filters } as TReportDownloadRequest;
    if (repeat === "once") await requestReport.mutateAsync(body);
    else await createSchedule.mutateAsync({ frequency: repeat, download: body });
    setSent(
      `${report.title} was requested. It appears below and can be downloaded once it is ready.${
        repeat === "once" ? "" : ` It repeats ${repeat}, and each file is emailed to you as a link.`
      }`,
    );
  };

  if (catalogue.reports.length === 0)
    return <Alert severity="info">No report is available to you: each needs the card of the list it comes from.</Alert>;

  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title="Request a report" subheader={report?.description} />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" } }}>
            <TextField
              select
              size="small"
              label="Report"
              name="report"
              value={key}
              onChange={(e) => {
                setKey(e.target.value as typeof key);
                setValues({});
              }}
              sx={{ minWidth: 220 }}
            >
              {catalogue.reports.map((r) => (
                <MenuItem key={r.key} value={r.key}>
                  {r.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Repeat"
              name="repeat"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value as typeof repeat)}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="once">Once</MenuItem>
              <MenuItem value="daily">Daily</MenuItem>
              <MenuItem value="weekly">Weekly</MenuItem>
            </TextField>
            <RadioGroup row value={format} onChange={(e) => setFormat(e.target.value as TReportFormat)}>
              {REPORT_FORMATS.map((f) => (
                <FormControlLabel key={f} value={f} control={<Radio />} label={f.toUpperCase()} />
              ))}
            </RadioGroup>
          </Stack>
          {fields.length > 0 ? (
            <>
              <Typography variant="subtitle2">Filters</Typography>
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
                {fields.map((f) => (
                  <FilterField
                    key={f.name}
                    field={f}
                    value={values[f.name] ?? ""}
                    onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
                    clients={clients.data ?? []}
                  />
                ))}
              </Stack>
            </>
          ) : null}
          {error ? <Alert severity="error">{messageOf(error)}</Alert> : null}
          {sent ? <Alert severity="success">{sent}</Alert> : null}
          <div>
            <Button
              variant="contained"
              onClick={() => void submit().catch(() => undefined)}
              disabled={!report || requestReport.isPending || createSchedule.isPending}
            >
              Request report
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
