import { productsApi } from "@hub/contracts/products/api";
import type { TTranslationLanguage } from "@hub/contracts/products/translation-api";
import { pathTo } from "../../../lib/api";
import { send, toApiError } from "../../../lib/api-error";
import { currentIdToken } from "../../../lib/identity-client";
import { sessionClientHeaders } from "../../../lib/session-client";
import { downloadFile } from "../../../lib/transfer";

/** The PDF's address; with `lang`, its texts in that stored translation. */
export const techPackPdfPath = (stpId: number, lang?: string) =>
  pathTo(productsApi.pdf, { params: { stpId }, query: lang ? { lang: lang as TTranslationLanguage } : {} });

/**
 * Opens the tech pack PDF (rendered on the server) in a new tab with the app's ID token; the tab is
 * opened during the click so no popup blocker stops it; without a tab, it downloads.
 */
export const openTechPackPdf = async (stpId: number, code: string, version: number, lang?: string) => {
  const tab = window.open("", "_blank");
  try {
    const token = await currentIdToken();
    const response = await send(`/api${techPackPdfPath(stpId, lang)}`, {
      headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
    });
    if (!response.ok) throw await toApiError(response);
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else
      await downloadFile(
        techPackPdfPath(stpId, lang),
        `tech-pack-${code}-v${version}${lang ? `-${lang.toLowerCase()}` : ""}.pdf`,
      );
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};

/** An uploaded file of the tech pack as an object URL (images need the ID token too). */
export const uploadObjectUrl = async (stpId: number, fileId: number): Promise<string> => {
  const token = await currentIdToken();
  const response = await send(`/api${pathTo(productsApi.uploadFile, { params: { stpId, fileId } })}`, {
    headers: { authorization: `Bearer ${token}`, ...sessionClientHeaders() },
  });
  if (!response.ok) throw await toApiError(response);
  return URL.createObjectURL(await response.blob());
};
