// The import screen's writes to its data routes (modules/imports/operations/dashboard.ts) and the shapes they answer.
import type { z } from "zod";
import { HttpError } from "@/lib/client/fetch-json";
import type { ImportPreview, ImportUndoResult, ImportView } from "@/modules/imports/schemas/imports";

export type ImportViewData = z.output<typeof ImportView>;
export type ImportKind = ImportViewData["kind"];
export type ImportPreviewData = z.output<typeof ImportPreview>;
export type ImportUndoData = z.output<typeof ImportUndoResult>;

/** POST a file (with its media type) or a JSON value; a non-2xx answer throws with the route's reason. */
export async function postJson<T>(
  url: string,
  body: Blob | object | null,
  contentType = "application/json",
): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { accept: "application/json", ...(body === null ? {} : { "content-type": contentType }) },
    body: body === null ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    cache: "no-store",
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok)
    throw new HttpError(response.status, (answer as { reason?: string } | null)?.reason ?? response.statusText);
  return answer as T;
}
