import { fileManagerApi as api } from "@hub/contracts/file-manager/api";
import {
  type TFmCreateFolder,
  type TFmEntry,
  type TFmLink,
  type TFmListQuery,
  type TFmUpdateFile,
  type TFmUpdateFolder,
  ZFmUploadResultSchema,
} from "@hub/contracts/file-manager/file-manager";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, pathTo } from "../../lib/api";
import { send, toApiError } from "../../lib/api-error";
import { currentIdToken } from "../../lib/identity-client";
import { sessionClientHeaders } from "../../lib/session-client";
import { downloadFile, uploadWithProgress } from "../../lib/transfer";

/** Query keys of the File Manager: everything under one root, so a change refreshes every view. */
export const fmKeys = {
  all: () => ["fileManager"] as const,
  list: (query: TFmListQuery) => [...fmKeys.all(), "list", query] as const,
  tree: () => [...fmKeys.all(), "tree"] as const,
  trash: () => [...fmKeys.all(), "trash"] as const,
  dashboard: () => [...fmKeys.all(), "dashboard"] as const,
  usedBy: (id: number) => [...fmKeys.all(), "usedBy", id] as const,
};

export const useFolderList = (query: TFmListQuery) =>
  useQuery({
    queryKey: fmKeys.list(query),
    queryFn: () => call(api.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useFolderTree = () => useQuery({ queryKey: fmKeys.tree(), queryFn: () => call(api.folderTree) });
export const useTrash = (enabled: boolean) =>
  useQuery({ queryKey: fmKeys.trash(), queryFn: () => call(api.trash), enabled, staleTime: 0 });
export const useFilesDashboard = () =>
  useQuery({ queryKey: fmKeys.dashboard(), queryFn: () => call(api.dashboard), staleTime: 0 });
export const useUsedBy = (id: number | null) =>
  useQuery({
    queryKey: fmKeys.usedBy(id ?? 0),
    queryFn: () => call(api.usedBy, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });

/** One mutation hook for every File Manager change: each refreshes the whole area when it succeeds. */
const useFmMutation = <A, R>(run: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fmKeys.all() }),
  });
};
export const useCreateFolder = () => useFmMutation((body: TFmCreateFolder) => call(api.createFolder, { body }));
export const useUpdateFolder = () =>
  useFmMutation(({ id, body }: { id: number; body: TFmUpdateFolder }) =>
    call(api.updateFolder, { params: { id }, body }),
  );
export const useUpdateFile = () =>
  useFmMutation(({ id, body }: { id: number; body: TFmUpdateFile }) => call(api.updateFile, { params: { id }, body }));
export const useTrashEntry = () =>
  useFmMutation((entry: Pick<TFmEntry, "kind" | "id">) =>
    entry.kind === "folder"
      ? call(api.trashFolder, { params: { id: entry.id } })
      : call(api.trashFile, { params: { id: entry.id } }),
  );
export const useRestoreEntry = () =>
  useFmMutation(
    (entry: Pick<TFmEntry, "kind" | "id">): Promise<unknown> =>
      entry.kind === "folder"
        ? call(api.restoreFolder, { params: { id: entry.id } })
        : call(api.restoreFile, { params: { id: entry.id } }),
  );
export const useLinkFile = () =>
  useFmMutation(({ id, body }: { id: number; body: TFmLink }) => call(api.link, { params: { id }, body }));

/** Moves a file or a folder into a folder (null = the top level). */
export const useMoveEntry = () =>
  useFmMutation(
    ({ entry, folderId }: { entry: Pick<TFmEntry, "kind" | "id">; folderId: number | null }): Promise<unknown> =>
      entry.kind === "folder"
        ? call(api.updateFolder, { params: { id: entry.id }, body: { parentId: folderId } })
        : call(api.updateFile, { params: { id: entry.id }, body: { folderId } }),
  );

/** Uploads several files in one request into a folder, reporting the progress of the whole. */
export const uploadFiles = (files: File[], folderId: number | null, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  return uploadWithProgress(
    pathTo(api.upload, { query: folderId === null ? {} : { folderId } }),
    form,
    ZFmUploadResultSchema,
    { expectStatus: 201, onProgress },
  );
};

export const downloadEntry = (entry: Pick<TFmEntry, "kind" | "id" | "name">) =>
  entry.kind === "folder"
    ? downloadFile(pathTo(api.zipFolder, { params: { id: entry.id } }), `${entry.name}.zip`)
    : downloadFile(pathTo(api.download, { params: { id: entry.id } }), entry.name);

/** A file's bytes as an object URL for the preview (the caller revokes it). */
export const previewUrl = async (id: number): Promise<string> => {
  const token = await currentIdToken();
  const response = await send(`/api${pathTo(api.download, { params: { id }, query: { inline: "true" } })}`, {
    headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
  });
  if (!response.ok) throw await toApiError(response);
  return URL.createObjectURL(await response.blob());
};
