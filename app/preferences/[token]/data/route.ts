// GET /preferences/<token>/data: "download my data" of the preference page, as a JSON file. Reads only.
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { NotFound } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { dataOf } from "@/modules/lists/services/preferences";

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  await consumeRateLimit("public_get", clientIp(await headers(), env().TRUST_PROXY_HOPS));
  try {
    const data = await dataOf((await params).token);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": 'attachment; filename="my-data.json"',
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof NotFound) return Response.json({ reason: error.message }, { status: 404 });
    throw error;
  }
}
