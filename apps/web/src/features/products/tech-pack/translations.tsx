import { translationApi } from "@hub/contracts/products/translation-api";
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { call } from "../../../lib/api";
import { messageOf } from "../../../lib/api-error";
import { openTechPackPdf } from "./pdf";

const keys = {
  status: ["translation", "status"] as const,
  list: (stpId: number) => ["translation", "list", stpId] as const,
  one: (stpId: number, lang: string) => ["translation", "one", stpId, lang] as const,
};

type Props = { stpId: number; code: string; version: number; canTranslate: boolean };

/**
 * The version's texts in the factory's language (issue 19): the team translates them through the
 * Hub's translation service (DeepL) and keeps them with the version; the facility it was sent to
 * reads them and prints the PDF in that language. Opened from the workspace's Translations button.
 */
export function TranslationsDialog({ stpId, code, version, canTranslate, onClose }: Props & { onClose: () => void }) {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: keys.status, queryFn: () => call(translationApi.status) });
  const list = useQuery({
    queryKey: keys.list(stpId),
    queryFn: () => call(translationApi.list, { params: { stpId } }),
  });
  const [lang, setLang] = useState("ES");
  const [viewing, setViewing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const one = useQuery({
    queryKey: keys.one(stpId, viewing ?? ""),
    queryFn: () => call(translationApi.read, { params: { stpId, lang: viewing ?? "" } }),
    enabled: viewing !== null,
    staleTime: 0,
  });
  const translate = useMutation({
    mutationFn: (targetLang: string) =>
      call(translationApi.translateVersion, { params: { stpId }, body: { targetLang } }),
    onSuccess: async (t) => {
      toast.success(`Translated ${t.texts.length} texts into ${t.languageName}.`);
      await qc.invalidateQueries({ queryKey: ["translation"] });
      setViewing(t.lang);
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const languages = status.data?.languages ?? [];
  const printable = new Map(languages.map((l) => [l.code, l.printable]));
  const items = list.data?.items ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="translations-title">
      <DialogTitle id="translations-title">Translations of version {version}</DialogTitle>
      <DialogContent>
        {canTranslate ? (
          status.data && !status.data.configured ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Translation is not set up on this Hub. An administrator sets DEEPL_API_KEY to turn it on.
            </Alert>
          ) : (
            <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: "center" }}>
              <TextField
                select
                size="small"
                label="Language"
                value={lang}
                onChange={(e) => setLang(e.target.value)}
                sx={{ minWidth: 240 }}
              >
                {languages.map((l) => (
                  <MenuItem key={l.code} value={l.code}>
                    {l.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                loading={translate.isPending}
                disabled={!status.data}
                onClick={() => translate.mutate(lang)}
              >
                Translate
              </Button>
              <Typography variant="body2" color="text.secondary">
                The description, cutting notes and every construction step with its callouts.
              </Typography>
            </Stack>
          )
        ) : null}
        {list.isLoading ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">
            {canTranslate ? "No translations yet." : "The brand has not translated this version."}
          </Typography>
        ) : (
          <Table size="small" aria-label="Translations">
            <TableHead>
              <TableRow>
                <TableCell>Language</TableCell>
                <TableCell align="right">Texts</TableCell>
                <TableCell>Translated</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((t) => (
                <TableRow key={t.lang} selected={viewing === t.lang}>
                  <TableCell>
                    {t.languageName}{" "}
                    {t.outdated > 0 ? <Chip size="small" color="warning" label={`${t.outdated} outdated`} /> : null}
                  </TableCell>
                  <TableCell align="right">{t.count}</TableCell>
                  <TableCell>
                    {new Date(t.translatedAt).toLocaleString()} {t.translatedBy ? `by ${t.translatedBy}` : ""}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setViewing(t.lang)}>
                      View
                    </Button>
                    <Button
                      size="small"
                      disabled={printable.get(t.lang) === false}
                      title={printable.get(t.lang) === false ? "No font for this language on this Hub" : undefined}
                      onClick={() =>
                        void openTechPackPdf(stpId, code, version, t.lang).catch((e) => toast.error(messageOf(e)))
                      }
                    >
                      PDF
                    </Button>
                    {canTranslate ? (
                      <Button size="small" color="error" onClick={() => setRemoving(t.lang)}>
                        Remove
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {viewing && one.data ? (
          <Table size="small" sx={{ mt: 2 }} aria-label={`${one.data.languageName} texts`}>
            <TableHead>
              <TableRow>
                <TableCell>Where</TableCell>
                <TableCell>Text</TableCell>
                <TableCell>{one.data.languageName}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {one.data.texts.map((x) => (
                <TableRow key={x.path}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{x.label}</TableCell>
                  <TableCell>{x.source}</TableCell>
                  <TableCell>
                    {x.text}
                    {x.outdated ? (
                      <Typography variant="caption" color="warning.main" sx={{ display: "block" }}>
                        The text changed since: translate again (the PDF prints the new text untranslated).
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <ConfirmDialog
          open={removing !== null}
          title="Remove translation"
          message={`Remove the ${items.find((i) => i.lang === removing)?.languageName ?? ""} translation of this version?`}
          confirmLabel="Remove"
          danger
          onConfirm={async () => {
            await call(translationApi.remove, { params: { stpId, lang: removing ?? "" } });
            if (viewing === removing) setViewing(null);
            await qc.invalidateQueries({ queryKey: ["translation"] });
          }}
          onClose={() => setRemoving(null)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The workspace's Translations button and its dialog. */
export function TranslationsButton(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Translations</Button>
      {open ? <TranslationsDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
