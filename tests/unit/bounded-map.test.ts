import { expect, it } from "vitest";
import { setNewest } from "@/lib/cache/bounded-map";

it("keeps the newest entries up to the bound; setting a key again makes it the newest", () => {
  const map = new Map<string, number>();
  for (const [key, value] of [
    ["a", 1],
    ["b", 2],
    ["c", 3],
  ] as const)
    setNewest(map, key, value, 3);
  setNewest(map, "a", 10, 3); // a is now the newest
  setNewest(map, "d", 4, 3); // b, the oldest, goes
  expect([...map]).toEqual([
    ["c", 3],
    ["a", 10],
    ["d", 4],
  ]);
  setNewest(map, "e", 5, 1);
  expect([...map]).toEqual([["e", 5]]);
});
