// A streamed CSV download from an async generator of lines: pull-driven, so a slow client slows the reads and memory
// stays flat however long the file.
export function csvDownload(filename: string, lines: AsyncGenerator<string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "x-content-type-options": "nosniff" },
  });
}
