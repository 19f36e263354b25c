// The SMTP side of outgoing mail, run in a worker thread of its own (lib/mail/transport.ts starts it): nodemailer's
// pooled transport builds each message's MIME (quoted-printable encoding, header folding) and writes it to the SMTP
// server. That work was two thirds of a sendout's CPU and ran on the event loop that also answers HTTP; here it runs
// on another core, and the server's requests are not queued behind a 100,000-message sendout.
//
// Plain JavaScript that node runs as it is (no build step): the production server and the tests start the same file.
import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

/**
 * Each pooled connection's TCP socket, made here with Nagle's algorithm off. nodemailer writes a message's closing
 * `.` on its own after the body, and with Nagle on that small write waits for the server to acknowledge the body,
 * which servers delay (about 40 ms on Linux): every message waited that long, which held a connection to about 20
 * messages a second (measured into a local SMTP server; docs/operating.md, Mail). TLS (smtps://, STARTTLS) is still nodemailer's.
 * When the connection fails, nodemailer is told to connect itself (`false`) and meets the same failure on its own
 * path: an error handed back here is not counted against the pool, whose slots then ran out after SMTP_POOL_SIZE
 * failures and every later message waited for ever.
 *
 * @param {{ host?: string; port?: number | string; secure?: boolean }} options
 * @param {(error: Error | null, socket?: { connection: net.Socket } | false) => void} callback
 */
export function connectWithoutDelay(options, callback) {
  const socket = net.connect({
    host: options.host,
    port: Number(options.port) || (options.secure ? 465 : 587),
    noDelay: true,
  });
  const giveUp = () => {
    socket.destroy();
    callback(null, false);
  };
  socket.setTimeout(10_000, giveUp);
  socket.once("error", giveUp);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", giveUp);
    callback(null, { connection: socket });
  });
}

/**
 * The thread: one pooled transport made from the options it was started with. Each request is `{ id, message }` (the
 * options nodemailer's sendMail takes) and gets `{ id, messageId, response }` or `{ id, error }` with the fields the
 * sender tells a temporary failure from a permanent one by. `{ close: true }` ends the pool; the thread ends once every
 * message under way has been answered (none is left waiting on a port that no longer listens).
 */
function serve(port, options) {
  const transport = nodemailer.createTransport({ ...options, getSocket: connectWithoutDelay });
  let underWay = 0;
  let closing = false;
  const endWhenDone = () => {
    if (closing && underWay === 0) port.close();
  };
  port.on("message", (request) => {
    if (request.close) {
      closing = true;
      transport.close();
      endWhenDone();
      return;
    }
    underWay += 1;
    transport
      .sendMail(request.message)
      .then(
        (info) => port.postMessage({ id: request.id, messageId: info.messageId, response: info.response }),
        (error) =>
          port.postMessage({
            id: request.id,
            error: { message: String(error?.message ?? error), code: error?.code, responseCode: error?.responseCode },
          }),
      )
      .finally(() => {
        underWay -= 1;
        endWhenDone();
      });
  });
}

if (parentPort && workerData?.smtpThread) serve(parentPort, workerData.options);
