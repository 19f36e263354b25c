// Whether this process is answering requests now, so that background work in it can give way (webhook rounds are
// small and pause while it is: modules/webhooks/services/delivery.ts). The production server counts each request from its
// arrival until its response is closed (server.ts); a process that serves no requests (a worker instance, the tests'
// rounds) is never busy.
let answering = 0;

/** Counts a request as being answered until `response` closes. */
export function countForegroundRequest(response: { once(event: "close", listener: () => void): unknown }): void {
  answering += 1;
  response.once("close", () => {
    answering -= 1;
  });
}

export function answeringRequests(): boolean {
  return answering > 0;
}
