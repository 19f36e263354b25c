// Closing a refused request's connection without losing its answer. Node closes a `connection: close` answer's socket
// with destroySoon(): the socket is destroyed as soon as the answer is written. A client still sending its body (most
// clients send the whole body before they read) then meets a closed socket, the kernel answers its next bytes with a
// reset, and the client's kernel drops the 413 it had received but not yet read: the client sees EPIPE, never the
// reason. As web servers do (Apache's "lingering close"), the answer is followed by our FIN, what the client still
// sends is read and thrown away, and the socket is closed when the client is done, or after LINGER_MS or
// LINGER_BYTES, whichever comes first.
import type { Socket } from "node:net";

const LINGER_MS = 2000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Makes the socket linger when Node closes it; returns the function to call with each chunk of the request's body
 * that arrives after the refusal (it is dropped, and counted against LINGER_BYTES).
 */
export function lingerOnClose(socket: Socket): (chunk: Uint8Array) => void {
  let discarded = 0;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", () => this.destroy());
  };
  return (chunk) => {
    discarded += chunk.byteLength;
    if (discarded > LINGER_BYTES) socket.destroy();
  };
}
