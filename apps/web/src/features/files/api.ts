import type { TPageQuery } from "@hub/contracts/common/paging";
import { filesApi } from "@hub/contracts/files/api";
import { type TStoredFile, ZStoredFileSchema } from "@hub/contracts/files/files";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, pathTo } from "../../lib/api";
import { downloadFile, uploadWithProgress } from "../../lib/transfer";

/** Query keys of the files area. */
export const printFileKeys = {
  all: () => ["printFiles"] as const,
  lists: () => [...printFileKeys.all(), "list"] as const,
  list: (query: TPageQuery) => [...printFileKeys.lists(), query] as const,
  settings: () => [...printFileKeys.all(), "settings"] as const,
};

export const usePrintFiles = (query: TPageQuery) =>
  useQuery({
    queryKey: printFileKeys.list(query),
    queryFn: () => call(filesApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePrintFileSettings = () =>
  useQuery({
    queryKey: printFileKeys.settings(),
    queryFn: () => call(filesApi.settings),
  });

export const useDeletePrintFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(filesApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printFileKeys.lists() }),
  });
};

/** Uploads one file as multipart/form-data, reporting its progress. */
export const uploadPrintFile = (file: File, onProgress: (fraction: number) => void): Promise<TStoredFile> => {
  const form = new FormData();
  form.append("file", file, file.name);
  return uploadWithProgress(pathTo(filesApi.upload), form, ZStoredFileSchema, { expectStatus: 201, onProgress });
};

/** Downloads a file with the ID token and hands it to the browser as a download. */
export const downloadPrintFile = (file: TStoredFile): Promise<void> =>
  downloadFile(pathTo(filesApi.download, { params: { id: file.id } }), file.fileName);
