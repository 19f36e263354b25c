-- AlterTable
ALTER TABLE "SubscriptionList" ADD COLUMN     "consentRequired" BOOLEAN NOT NULL DEFAULT false;



-- The public list cache (lib/services/public-lists.ts) now reads "consentRequired" and the organization's name,
-- email and website, all shown on the hosted form: a change of them must move the public_lists epoch
-- (lib/cache/README.md).
DROP TRIGGER "SubscriptionList_epoch_update" ON "SubscriptionList";
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn", "consentRequired" ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
DROP TRIGGER "Company_epoch_update" ON "Company";
CREATE TRIGGER "Company_epoch_update" AFTER UPDATE OF "id", "deletedAt", "name", "email", "web" ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
