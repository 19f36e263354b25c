// The audit log in words: every action the services record has a label in both languages, and every summary shape
// they write (codes of fields, statuses, roles, reasons and channels) is shown with the labels, not the codes.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditMessages } from "@/modules/audit/texts/audit";
import { auditSummaryText } from "@/modules/audit/texts/audit-summary";

/** Every audit action written in the domains' services (the services folder of each module) and lib/bootstrap (`action: "x.y"`, and the sendout moves' actions). */
function recordedActions(): string[] {
  const found = new Set<string>();
  const serviceDirs = fs.readdirSync("modules").map((domain) => path.join("modules", domain, "services"));
  for (const dir of [...serviceDirs.filter((dir) => fs.existsSync(dir)), "lib/bootstrap"]) {
    for (const file of fs.readdirSync(dir)) {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      for (const match of source.matchAll(/action: "([a-z_]+\.[a-z_]+)"/g)) found.add(match[1]);
      for (const match of source.matchAll(/\? "([a-z_]+\.[a-z_]+)"|: "([a-z_]+\.[a-z_]+)";/g))
        if (source.includes("recordAudit")) found.add(match[1] ?? match[2]);
      if (dir.endsWith("sendouts/services") && file === "states.ts")
        for (const match of source.matchAll(/"(sendout\.(?:send|schedule|pause|resume|cancel))"/g)) found.add(match[1]);
    }
  }
  return [...found].sort();
}

describe("audit log labels", () => {
  it("labels every recorded action in Swedish and English", () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(40);
    for (const lang of ["sv", "en"] as const) {
      const missing = actions.filter((action) => !auditMessages(lang).actions[action]);
      expect(missing, lang).toEqual([]);
    }
    for (const action of [
      "subscription.subscribe",
      "subscription.unsubscribe",
      "subscription.bulk_unsubscribe",
      "webhook_endpoint.enable",
      "webhook_endpoint.update",
    ]) {
      expect(auditMessages("sv").actions[action]).toBeTruthy();
    }
  });

  const cases: [action: string, stored: string, sv: string, en: string][] = [
    [
      "subscription_list.update",
      "changed term, question_prop_ids",
      "Ändrade samtyckestext och frågor",
      "Changed consent text and questions",
    ],
    ["subscription_list.update", "changed is_active", "Ändrade aktiv", "Changed active"],
    [
      "company.update",
      "changed name, orgNumber, cEmail",
      "Ändrade namn, organisationsnummer och kontaktpersonens e-post",
      "Changed name, organization number and contact person's email",
    ],
    [
      "company.fk_status",
      "FK_ADDED → ACTIVE",
      "Registrerad hos Fritidskortet → Aktiv",
      "Registered at Fritidskortet → Active",
    ],
    [
      "member.update",
      "member 12: firstname, prop_ids",
      "Medlem 12: ändrade förnamn och egenskaper",
      "Member 12: changed first name and properties",
    ],
    ["member.create", "member 12", "Medlem 12", "Member 12"],
    ["member.create", "1000 generated members", "1\u00a0000 genererade medlemmar", "1,000 generated members"],
    ["member.erase", "member 12", "Medlem 12", "Member 12"],
    ["event.register", "member 7", "Medlem 7", "Member 7"],
    ["event.unregister", "member 7", "Medlem 7", "Member 7"],
    [
      "subscription.subscribe",
      "member 5 on list 3 via hosted_form",
      "Medlem 5 på lista 3 via formuläret",
      "Member 5 on list 3 via the hosted form",
    ],
    [
      "subscription.subscribe",
      "member 5 on list 3 via api",
      "Medlem 5 på lista 3 via API:t",
      "Member 5 on list 3 via the API",
    ],
    [
      "subscription.unsubscribe",
      "member 5 on list 3 via unsubscribe_link",
      "Medlem 5 på lista 3 via avregistreringslänken",
      "Member 5 on list 3 via the unsubscribe link",
    ],
    [
      "subscription.subscribe",
      "member 5 on list 3 via undo_link",
      "Medlem 5 på lista 3 via ångra på avregistreringssidan",
      "Member 5 on list 3 via undo on the unsubscribe page",
    ],
    [
      "subscription.unsubscribe",
      "member 5 on list 3 via preferences",
      "Medlem 5 på lista 3 via inställningssidan",
      "Member 5 on list 3 via the preference page",
    ],
    [
      "subscription.unsubscribe",
      "member 5 on list 3 via opt_out",
      "Medlem 5 på lista 3 via avregistrering från allt",
      "Member 5 on list 3 via opting out of everything",
    ],
    [
      "subscription.subscribe",
      "member 5 on list 3 via email_confirmation",
      "Medlem 5 på lista 3 via bekräftelselänken",
      "Member 5 on list 3 via the confirmation link",
    ],
    [
      "subscription.unsubscribe",
      "anna@example.org on Nyheter",
      "anna@example.org på Nyheter",
      "anna@example.org on Nyheter",
    ],
    ["subscription.subscribe", "member 9 on Nyheter", "Medlem 9 på Nyheter", "Member 9 on Nyheter"],
    [
      "subscription.request_confirmation",
      "anna@example.org on Nyheter",
      "anna@example.org på Nyheter",
      "anna@example.org on Nyheter",
    ],
    [
      "subscription.bulk_unsubscribe",
      "1200 subscribers on Nyheter",
      "1\u00a0200 prenumeranter på Nyheter",
      "1,200 subscribers on Nyheter",
    ],
    [
      "subscription_list.delete",
      "Nyheter (3 active subscribers)",
      "Nyheter (3 aktiva prenumeranter)",
      "Nyheter (3 active subscribers)",
    ],
    ["admin_user.create", "eva@example.org (EDITOR)", "eva@example.org (Redaktör)", "eva@example.org (Editor)"],
    [
      "admin_user.create_refused",
      "eva@example.org: in use beyond the actor's rights",
      "eva@example.org: adressen används redan utanför dina behörigheter",
      "eva@example.org: the address is in use beyond your rights",
    ],
    [
      "admin_user.update",
      "eva@example.org: role VIEWER, deactivated, access changed",
      "eva@example.org: roll Läsbehörighet, inaktiverad och behörighet ändrad",
      "eva@example.org: role Read only, deactivated and access changed",
    ],
    ["admin_user.update", "eva@example.org: activated", "eva@example.org: aktiverad", "eva@example.org: activated"],
    ["leisure_card_key.set", "key set", "Nyckeln sparad", "Key saved"],
    ["leisure_card_key.set", "key replaced", "Nyckeln ersatt", "Key replaced"],
    [
      "sendout.test",
      "test copy to eva@example.org",
      "Testexemplar till eva@example.org",
      "Test copy to eva@example.org",
    ],
    ["webhook_endpoint.redeliver", "delivery 44", "Leverans 44", "Delivery 44"],
    [
      "webhook_endpoint.disable",
      "https://hooks.example.org/x: every attempt failed since failing_since, and a delivery used all its retries",
      "https://hooks.example.org/x: varje försök har misslyckats och en leverans har använt alla sina omförsök",
      "https://hooks.example.org/x: every attempt failed and a delivery used all its retries",
    ],
    [
      "suppression.lift",
      "eva@example.org (HARD_BOUNCE): fixed (typo)",
      "eva@example.org (Hård studs): fixed (typo)",
      "eva@example.org (Hard bounce): fixed (typo)",
    ],
    // Names, subjects and addresses staff wrote are shown as they are.
    [
      "suppression.create",
      "eva@example.org: asked by phone",
      "eva@example.org: asked by phone",
      "eva@example.org: asked by phone",
    ],
    ["sendout.send", "Höstens nyheter", "Höstens nyheter", "Höstens nyheter"],
    ["company.create", "changed_name AB", "changed_name AB", "changed_name AB"],
  ];

  it.each(cases)("%s %j in words", (action, stored, sv, en) => {
    expect(auditSummaryText("sv", action, stored)).toBe(sv);
    expect(auditSummaryText("en", action, stored)).toBe(en);
  });
});
