-- The member list and search keep, per query, the ordered ids of the members it finds (lib/services/member-order.ts):
-- its count is their number and any page a slice, until the epoch members moves. These triggers move it with any
-- change that can add a member to a result, take one out or move it: a member's row (the columns the list filters,
-- searches or orders by), its memberships, event participations and properties.
--
-- Every new subscriber is a new member, so this epoch moves with most writes. A bump as the other epochs do it (an
-- UPDATE of one row, whose lock is held until the commit) would make concurrent subscribes queue on that row. So the
-- epoch is kept in shards, rows "members.0" … "members.15" whose versions the reader (lib/cache/cache-epochs.ts)
-- sums: a transaction bumps one shard that no other transaction holds (FOR UPDATE SKIP LOCKED), once (a
-- transaction-local setting remembers it), and when all are held it adds a shard instead. A bump thus never waits on
-- another transaction and cannot take part in a deadlock. (Deferring the bump to the commit with a constraint trigger
-- would serve too, but Prisma's introspection, which npm run db:migration and the schema-drift test use, fails on
-- constraint triggers.)
INSERT INTO "CacheEpoch" ("name", "version") SELECT 'members.' || shard, 0 FROM generate_series(0, 15) AS shard;
CREATE SEQUENCE "CacheEpoch_shard_seq" START WITH 16;

CREATE FUNCTION "bump_cache_epoch_shard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shard TEXT;
BEGIN
  IF current_setting('app.bumped_' || TG_ARGV[0], true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.bumped_' || TG_ARGV[0], 'yes', true);
  SELECT "name" INTO shard FROM "CacheEpoch" WHERE "name" LIKE TG_ARGV[0] || '.%' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF shard IS NULL THEN
    INSERT INTO "CacheEpoch" ("name", "version") VALUES (TG_ARGV[0] || '.' || nextval('"CacheEpoch_shard_seq"'), 1);
  ELSE
    UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = shard;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Member_members_epoch_insert" AFTER INSERT ON "Member" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "Member_members_epoch_update" AFTER UPDATE OF "organizationId", "email", "firstname", "lastname", "phone", "birthdate", "erasedAt", "createdAt" ON "Member" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "Member_members_epoch_delete" AFTER DELETE ON "Member" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "Membership_members_epoch_insert" AFTER INSERT ON "Membership" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "Membership_members_epoch_update" AFTER UPDATE ON "Membership" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "Membership_members_epoch_delete" AFTER DELETE ON "Membership" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "EventParticipant_members_epoch_insert" AFTER INSERT ON "EventParticipant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "EventParticipant_members_epoch_update" AFTER UPDATE ON "EventParticipant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "EventParticipant_members_epoch_delete" AFTER DELETE ON "EventParticipant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "MemberProperty_members_epoch_insert" AFTER INSERT ON "MemberProperty" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "MemberProperty_members_epoch_update" AFTER UPDATE ON "MemberProperty" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
CREATE TRIGGER "MemberProperty_members_epoch_delete" AFTER DELETE ON "MemberProperty" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch_shard"('members');
