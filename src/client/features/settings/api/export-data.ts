import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api";

const FALLBACK_FILE_NAME = "jargon-export.zip";

/** The file name the server chose (Content-Disposition), else a sensible default. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_FILE_NAME;
}

/** Hands a downloaded file to the browser as a normal download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the file to the download manager by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET /api/user/export: the ZIP of everything Jargon holds about the user, saved as a download. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest("GET", "/api/user/export");
      const fileName = fileNameOf(response);
      saveFile(await response.blob(), fileName);
      return { fileName };
    },
  });
}
