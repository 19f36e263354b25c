// The delivery workers' lanes (sendouts, webhooks): a batch worked through a bounded number of tasks at a time.

/** Runs `task` on every item, at most `limit` at a time. */
export async function eachConcurrently<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
