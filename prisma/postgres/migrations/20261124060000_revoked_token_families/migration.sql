-- access: the refresh-token families revoked for reuse (lib/services/tokens.ts revokedFamilies): an access token
-- issued with a revoked family stops working on every instance at once. A new row is never revoked, so no INSERT
-- trigger; rotation writes only rotatedAt and leaves the epoch alone.
CREATE TRIGGER "RefreshToken_epoch_update" AFTER UPDATE OF "familyId", "revokedAt" ON "RefreshToken" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "RefreshToken_epoch_delete" AFTER DELETE ON "RefreshToken" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
