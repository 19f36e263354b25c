// The people of a LOK-stöd report: what the rules ask of each person who attended (birthdate, disability, membership
// on the day) and the gender the report's figures are split by. Loaded once per person as the report walks its weeks,
// so the report holds the company's attendees, never a half-year of attendance at once.
import "server-only";
import { db } from "@/lib/db";
import type { Gender } from "@/modules/members/schemas/report-fields";
import type { LokPerson } from "./lok-rules";

const MEMBER_STATUSES = new Set(["MEMBER", "PENDING_EXIT"]);
/** Ids per query: well inside every database's limit on bound parameters. */
const LOAD_CHUNK = 1000;

interface Person {
  birthdate: string | null;
  disability: boolean;
  gender: Gender | null;
  organizationId: string;
  memberships: { status: string; startsOn: Date; endsOn: Date }[];
}

export class LokPeople {
  private readonly people = new Map<number, Person>();
  private constructor(
    private readonly companyId: string,
    /** A company that keeps no memberships counts the members of its own register as its members. */
    private readonly keepsMemberships: boolean,
  ) {}

  static async of(companyId: string): Promise<LokPeople> {
    const any = await db().membership.findFirst({ where: { companyId }, select: { id: true } });
    return new LokPeople(companyId, any !== null);
  }

  /** Reads the people among `ids` not read before. */
  async load(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.people.has(id));
    for (let at = 0; at < missing.length; at += LOAD_CHUNK) {
      const rows = await db().member.findMany({
        where: { id: { in: missing.slice(at, at + LOAD_CHUNK) } },
        select: {
          id: true,
          birthdate: true,
          disability: true,
          gender: true,
          organizationId: true,
          memberships: {
            where: { companyId: this.companyId },
            select: { status: true, period: { select: { startsOn: true, endsOn: true } } },
          },
        },
      });
      for (const m of rows)
        this.people.set(m.id, {
          birthdate: m.birthdate,
          disability: m.disability === true,
          gender: m.gender as Gender | null,
          organizationId: m.organizationId,
          memberships: m.memberships.map((s) => ({ status: s.status, ...s.period })),
        });
    }
  }

  /** A member of the club on the day: a membership of the company whose period holds the day. */
  private isMember(person: Person, at: Date): boolean {
    if (!this.keepsMemberships) return person.organizationId === this.companyId;
    return person.memberships.some(
      (s) => MEMBER_STATUSES.has(s.status) && s.startsOn <= at && at.getTime() < s.endsOn.getTime() + 86_400_000,
    );
  }

  /** The person as the rules see them on an occasion at `at`. */
  asOf(memberId: number, at: Date): LokPerson {
    const person = this.people.get(memberId);
    return {
      member_id: memberId,
      birthdate: person?.birthdate ?? null,
      disability: person?.disability ?? false,
      member: person ? this.isMember(person, at) : false,
    };
  }

  gender(memberId: number): Gender | null {
    return this.people.get(memberId)?.gender ?? null;
  }
}
