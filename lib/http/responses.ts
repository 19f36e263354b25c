// JSON responses with the spec's error body shape.
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorBody(reason: string): { reason: string } {
  return { reason };
}
