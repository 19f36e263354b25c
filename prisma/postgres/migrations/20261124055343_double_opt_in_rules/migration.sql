-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "unsubscribedVia" TEXT;


-- The public list cache (lib/services/public-lists.ts) now reads "doubleOptIn": a change of it must move the
-- public_lists epoch, like the other columns the hosted form shows (lib/cache/README.md).
DROP TRIGGER "SubscriptionList_epoch_update" ON "SubscriptionList";
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn" ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
