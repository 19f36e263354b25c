// Demo data shared by the demo seed (lib/bootstrap/demo-seed.ts) and the simulator's default approved list, so that on a
// fresh `npm start` one seeded club is an approved provider and another is not.

/** The org number of the demo company with sequence number `seq` (1 = the federation, 2 = the first district, ...). */
export function demoOrgNumber(seq: number): string {
  const digits = String(8020000000 + seq * 7919).padStart(10, "0");
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

export interface DemoLeisureCardProvider {
  /** Sequence number of the demo company (see demoOrgNumber). */
  seq: number;
  orgNumber: string;
  giroType: "BANKGIRO" | "PLUSGIRO";
  giroNumber: string;
  /** Demo-only credential; real ones are set with `npm run cli -- company:leisure-card-key`. */
  apiKey: string;
  /** Whether the simulator's default list approves it. */
  approved: boolean;
}

export const DEMO_LEISURE_CARD_PROVIDERS: DemoLeisureCardProvider[] = [
  {
    seq: 3,
    orgNumber: demoOrgNumber(3),
    giroType: "BANKGIRO",
    giroNumber: "5050-1055",
    apiKey: "demo-fk-key-stockholm-if",
    approved: true,
  },
  {
    seq: 4,
    orgNumber: demoOrgNumber(4),
    giroType: "PLUSGIRO",
    giroNumber: "90 20 04-1",
    apiKey: "demo-fk-key-stockholm-simklubb",
    approved: false,
  },
];
