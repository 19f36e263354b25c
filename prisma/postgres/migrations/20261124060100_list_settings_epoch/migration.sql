-- public_lists: the list's double opt-in and welcome message (migration 20261124054409) are read with its public info,
-- and a subscribe decides by them, so changing them must refresh every instance's cached list.
DROP TRIGGER "SubscriptionList_epoch_update" ON "SubscriptionList";
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn", "welcomeSubject", "welcomeHtml" ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
