import { send, toApiError } from "./api-error";
import { currentIdToken } from "./identity-client";
import { sessionClientHeaders } from "./session-client";
import { downloadFile } from "./transfer";

/** Fetches a document with the app's ID token (a plain link would carry none) as a PDF blob. */
const fetchPdf = async (path: string): Promise<Blob> => {
  const token = await currentIdToken();
  const response = await send(`/api${path}`, {
    headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
};

/**
 * Opens a PDF in a new tab to print: the tab is opened during the click (so no popup blocker
 * stops it) and shown the document when it arrives; if the browser gives no tab, it downloads.
 */
export const openPdf = async (path: string, fileName: string) => {
  const tab = window.open("", "_blank");
  try {
    const blob = await fetchPdf(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else await downloadFile(path, fileName);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};
