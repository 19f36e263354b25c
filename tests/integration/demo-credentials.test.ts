// The demo seed's admin password and API secret reach the operator but never the server log (security finding 8: the
// start banner went to stdout, which is where the JSON log goes and where a service manager or container collects it).
// Without a terminal, as here, the banner is kept in a private file that the log names.
import fs from "node:fs";
import { expect, inject, it } from "vitest";
import { startTestStack } from "@/scripts/lib/test-stack";
import { accessToken, demoCredentials } from "../process-fixtures";

it("the log names where the credentials are, without them; they work and their file is 0600", async () => {
  const stack = await startTestStack({ provider: inject("provider"), env: { DEMO_SEED: "true", LOG_LEVEL: "info" } });
  try {
    const log = stack.log();
    const file = /"credentials_file":"([^"]+)"/.exec(log)?.[1];
    expect(file, log).toBeDefined();
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    const banner = fs.readFileSync(file!, "utf8");
    const credentials = demoCredentials(log);
    const password = /password (\S+)\)/.exec(banner)?.[1];
    expect(password).toBeDefined();
    // The judo group's leader's login (role LEADER), on a line of its own.
    const leader = /Leader \(phone\): \S+\/admin\/leader {2}\(email (\S+) {2}password (\S+)\)/.exec(banner);
    expect(leader?.[1], banner).toBe("ledare@example.org");
    // The club's hosted activity sign-up page lists the swimming school.
    const signup = /Sign-up page: {3}(\S+)/.exec(banner)?.[1];
    expect(signup, banner).toMatch(/\/activities\/[0-9a-f-]{36}$/);
    const page = await fetch(`${stack.baseUrl}${new URL(signup!).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Simskola");
    for (const secret of [credentials.clientSecret, password!, leader![2]]) expect(log).not.toContain(secret);
    await accessToken(stack.baseUrl, credentials);
  } finally {
    await stack.stop();
  }
});
