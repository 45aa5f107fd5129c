import { techPackTabsApi } from "@hub/contracts/products/api";
import type { ZFilesTabSchema } from "@hub/contracts/products/tech-pack/tech-pack";
import { Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TabForm, type WorkspaceTabProps } from "../../../../components/record-workspace";
import { RowButtons } from "../../../library/styles/workspace/composition-fields";
import { techPackTab, useTechPackForm } from "../context";
import { TextF } from "../fields";
import { UploadButton } from "../uploads";

function FilesForm({ data, reload }: WorkspaceTabProps<z.infer<typeof ZFilesTabSchema>>) {
  const { stpId, canEdit, control, disabled, tabForm } = useTechPackForm(techPackTabsApi.files, data, {
    saved: "The files were saved.",
    reload,
  });
  const rows = useFieldArray({ control, name: "files" });
  const live = useWatch({ control, name: "files" }) ?? [];
  const [names, setNames] = useState<Record<number, string>>(
    Object.fromEntries(data.uploads.map((u) => [u.id, u.fileName])),
  );
  return (
    <TabForm
      title="Files"
      subheader="Any upload the factory needs: patterns, artwork, lab reports"
      {...tabForm}
      actions={
        canEdit ? (
          <UploadButton
            stpId={stpId}
            purpose="file"
            disabled={disabled}
            label="Upload file"
            onUploaded={(f) => {
              setNames((n) => ({ ...n, [f.id]: f.fileName }));
              rows.append({ fileId: f.id, note: "" });
            }}
          />
        ) : undefined
      }
    >
      <Table size="small" aria-label="Files">
        <TableBody>
          {rows.fields.map((f, i) => (
            <TableRow key={f.id}>
              <TableCell>{names[live[i]?.fileId ?? 0] ?? `File ${live[i]?.fileId}`}</TableCell>
              <TableCell>
                <TextF control={control} name={`files.${i}.note`} label="Note" disabled={disabled} width={300} />
              </TableCell>
              <TableCell align="right">
                <RowButtons
                  n={i}
                  count={rows.fields.length}
                  disabled={disabled}
                  what="file"
                  onRemove={() => rows.remove(i)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.fields.length === 0 ? <Typography color="text.secondary">No files yet.</Typography> : null}
    </TabForm>
  );
}
export default techPackTab(techPackTabsApi.files, FilesForm);
