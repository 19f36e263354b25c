-- A public subscribe skips the webhook outbox while no endpoint is enabled (lib/services/webhook-events.ts): whether
-- one is, is cached under the new epoch webhook_endpoints, which these triggers bump on any change of the endpoints
-- that can turn the answer (lib/cache/README.md).
INSERT INTO "CacheEpoch" ("name", "version") VALUES ('webhook_endpoints', 0);
CREATE TRIGGER "WebhookEndpoint_epoch_insert" AFTER INSERT ON "WebhookEndpoint" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('webhook_endpoints');
CREATE TRIGGER "WebhookEndpoint_epoch_update" AFTER UPDATE OF "enabled" ON "WebhookEndpoint" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('webhook_endpoints');
CREATE TRIGGER "WebhookEndpoint_epoch_delete" AFTER DELETE ON "WebhookEndpoint" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('webhook_endpoints');

-- The public list cache now holds whether the list has a welcome message (its subject), so a subscribe to a list
-- without one reads nothing after its commit: a change of the subject must move the public_lists epoch.
DROP TRIGGER "SubscriptionList_epoch_update" ON "SubscriptionList";
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId", "doubleOptIn", "consentRequired", "welcomeSubject" ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
