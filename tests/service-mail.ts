// A real SMTP server (tests/smtp-sink.ts) for the services of one test file: the mail configuration points at it
// before any service reads it (env() is read lazily, once per file), what it received is cleared before each test, and
// after the file the transport is closed and the server stopped. Call it at the top level of the test file.
import { afterAll, beforeEach } from "vitest";
import { closeMailTransport } from "@/lib/mail/transport";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

export async function smtpSinkForServices(options: { siteUrl?: string } = {}): Promise<SmtpSink> {
  const sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  if (options.siteUrl) process.env.SITE_URL = options.siteUrl;
  afterAll(async () => {
    closeMailTransport();
    await sink.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
  });
  return sink;
}
