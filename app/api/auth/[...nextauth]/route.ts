// next-auth's endpoints (sign-in, sign-out, session, CSRF token) for the dashboard.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const response: Response = await NextAuth(authOptions())(request, context);
  // next-auth's own pages (sign-out, "check your email") style themselves with an inline <style>, which the CSP that
  // proxy.ts sends for them blocks unless it carries the request's nonce.
  const nonce = request.headers.get("x-nonce");
  if (!nonce || !response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = (await response.text()).replaceAll("<style>", `<style nonce="${nonce}">`);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(html, { status: response.status, headers });
}

export { handler as GET, handler as POST };
