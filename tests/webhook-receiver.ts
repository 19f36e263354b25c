// A real webhook receiver for tests: a node:http server on a free port that verifies every request with the
// standardwebhooks package's Webhook.verify (as an integrator would) and keeps what arrived. It can answer with an
// error status for a while, or be stopped (connections refused) and started again on the same port: a receiver that
// is down and comes back.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { Webhook } from "standardwebhooks";

interface ReceivedEvent {
  id: string;
  timestamp: string;
  /** Whether the signature verified with the secret the receiver was given (see setSecret). */
  verified: boolean;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Every request, in arrival order, also those answered with an error. */
  requests: ReceivedEvent[];
  /** The requests that verified and were answered 2xx. */
  accepted(): ReceivedEvent[];
  setSecret(secret: string): void;
  /** Answer every request with this status (null: 204 again). */
  answerWith(status: number | null): void;
  /** Resolves when `count` requests were accepted (rejects after timeoutMs). */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  stop(): Promise<void>;
  /** Listen again on the same port after stop(). */
  restart(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hooks"): Promise<WebhookReceiver> {
  const requests: ReceivedEvent[] = [];
  const acceptedIndexes = new Set<number>();
  const sockets = new Set<Socket>();
  let verifier: Webhook | null = null;
  let status: number | null = null;

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"]),
        "webhook-timestamp": String(req.headers["webhook-timestamp"]),
        "webhook-signature": String(req.headers["webhook-signature"]),
      };
      let verified = false;
      try {
        verifier?.verify(raw, headers);
        verified = verifier !== null;
      } catch {
        verified = false;
      }
      const index =
        requests.push({
          id: headers["webhook-id"],
          timestamp: headers["webhook-timestamp"],
          verified,
          body: JSON.parse(raw),
        }) - 1;
      const answer = !verified ? 401 : (status ?? 204);
      if (answer >= 200 && answer < 300) acceptedIndexes.add(index);
      res.writeHead(answer).end();
    });
  };

  let server = http.createServer(handle);
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.on("connection", (s: Socket) => {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
      });
      server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);

  const accepted = () => requests.filter((_, i) => acceptedIndexes.has(i));
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    accepted,
    setSecret(secret) {
      verifier = new Webhook(secret);
    },
    answerWith(next) {
      status = next;
    },
    async waitForAccepted(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (accepted().length < count) {
        if (Date.now() > until)
          throw new Error(
            `waited ${timeoutMs} ms for ${count} accepted webhooks; got ${accepted().length} of ${requests.length} requests`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
      return accepted();
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      server = http.createServer(handle);
      await listen(port);
    },
  };
}
