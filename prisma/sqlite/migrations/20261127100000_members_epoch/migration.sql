-- The member list and search keep, per query, the ordered ids of the members it finds (lib/services/member-order.ts):
-- its count is their number and any page a slice, until the epoch members moves. These triggers move it with any
-- change that can add a member to a result, take one out or move it: a member's row (the columns the list filters,
-- searches or orders by), its memberships, event participations and properties. SQLite runs one writer at a time, so
-- one row-level bump per change costs nothing worth a shard (compare the PostgreSQL migration).
INSERT INTO "CacheEpoch" ("name", "version") VALUES ('members', 0);
CREATE TRIGGER "Member_members_epoch_insert" AFTER INSERT ON "Member"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "Member_members_epoch_update" AFTER UPDATE OF "organizationId", "email", "firstname", "lastname", "phone", "birthdate", "erasedAt", "createdAt" ON "Member"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "Member_members_epoch_delete" AFTER DELETE ON "Member"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "Membership_members_epoch_insert" AFTER INSERT ON "Membership"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "Membership_members_epoch_update" AFTER UPDATE ON "Membership"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "Membership_members_epoch_delete" AFTER DELETE ON "Membership"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "EventParticipant_members_epoch_insert" AFTER INSERT ON "EventParticipant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "EventParticipant_members_epoch_update" AFTER UPDATE ON "EventParticipant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "EventParticipant_members_epoch_delete" AFTER DELETE ON "EventParticipant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "MemberProperty_members_epoch_insert" AFTER INSERT ON "MemberProperty"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "MemberProperty_members_epoch_update" AFTER UPDATE ON "MemberProperty"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
CREATE TRIGGER "MemberProperty_members_epoch_delete" AFTER DELETE ON "MemberProperty"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'members'; END;
