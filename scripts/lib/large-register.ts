// A large company register for load tests (scripts/bench.ts): `count` companies under `roots` top-level companies,
// loaded as the operator through the companies service's bulk import, in batches. Org numbers are "B" + a sequence,
// so they never collide with real ones.
import crypto from "node:crypto";
import { operatorCaller } from "../../modules/access/services/caller";
import { importCompanies } from "../../modules/companies/services/changes";

const BATCH_SIZE = 500;

export async function seedLargeRegister(count: number, roots = 20): Promise<{ rootIds: string[] }> {
  const caller = operatorCaller();
  const rootIds: string[] = [];
  let batch: Parameters<typeof importCompanies>[1] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const isRoot = i < roots;
    if (isRoot) rootIds.push(id);
    batch.push({
      id,
      uuid: crypto.randomUUID(),
      name: isRoot ? `Bench förbund ${i}` : `Bench förening ${i}`,
      orgNumber: `B${String(i).padStart(9, "0")}`,
      parentId: isRoot ? null : rootIds[i % rootIds.length],
    });
    if (batch.length === BATCH_SIZE || i === count - 1) {
      await importCompanies(caller, batch);
      batch = [];
    }
  }
  return { rootIds };
}
