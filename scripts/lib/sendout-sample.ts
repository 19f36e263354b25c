// One real recipient's message of the bench's sendout, rendered by the service (renderSendoutMail, the
// sendoutTemplate the worker fills): the bare nodemailer loop sends exactly this, so its rate is the ceiling of sending
// *this* mail from node. profile-sendout renders it in its own process; `npm run bench` runs under the react-server
// condition, where react-dom/server refuses to load, so it renders in a child process (this file run as a script).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { OutgoingMail } from "../../lib/mail/transport";
import { NEWSLETTER_HTML, NEWSLETTER_SUBJECT } from "./bench-sendout";

export interface SampleInput {
  organization: string;
  recipient: { id: number; email: string; memberUuid: string; firstname: string | null; lastname: string | null };
  listUuid: string;
}

/** The first subscriber of the bench's list, and what else the message names. */
export async function sampleInput(rootId: string, listId: number): Promise<SampleInput> {
  const { db } = await import("../../lib/db");
  const [company, list, subscription] = await Promise.all([
    db().company.findUniqueOrThrow({ where: { id: rootId }, select: { name: true } }),
    db().subscriptionList.findUniqueOrThrow({ where: { id: listId }, select: { uuid: true } }),
    db().subscription.findFirstOrThrow({
      where: { listId, status: "SUBSCRIBED" },
      orderBy: { memberId: "asc" },
      include: { member: true },
    }),
  ]);
  const { member } = subscription;
  return {
    organization: company.name,
    recipient: {
      id: member.id,
      email: member.email!,
      memberUuid: member.uuid,
      firstname: member.firstname,
      lastname: member.lastname,
    },
    listUuid: list.uuid,
  };
}

export async function renderSample(input: SampleInput): Promise<OutgoingMail> {
  const { renderSendoutMail } = await import("../../modules/sendouts/mail/sendout-message");
  const { sanitizeEmailHtml } = await import("../../lib/sanitize");
  return renderSendoutMail({
    sendout: {
      id: 1,
      subject: NEWSLETTER_SUBJECT,
      preheader: null,
      html: sanitizeEmailHtml(NEWSLETTER_HTML),
      text: null,
      fromName: null,
      replyTo: null,
    },
    organization: { name: input.organization },
    recipient: input.recipient,
    list: { uuid: input.listUuid },
  });
}

const self = fileURLToPath(import.meta.url);
const withoutServerOnly = fileURLToPath(new URL("./without-server-only.mjs", import.meta.url));

/** renderSample in a child process without the react-server condition (same environment: secrets, MAIL_FROM). */
export function renderSampleInChild(input: SampleInput): OutgoingMail {
  const output = execFileSync("npx", ["tsx", "--import", withoutServerOnly, self], {
    input: JSON.stringify(input),
    encoding: "utf8",
  });
  return JSON.parse(output.slice(output.indexOf("{"))) as OutgoingMail;
}

if (process.argv[1] === self) {
  const chunks: Buffer[] = [];
  process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on("end", async () =>
    process.stdout.write(JSON.stringify(await renderSample(JSON.parse(Buffer.concat(chunks).toString("utf8"))))),
  );
}
