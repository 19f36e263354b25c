-- Cache epochs (lib/services/epoch-cache.ts): every instance keeps a public list's info and the caller behind an API
-- key and a company's enrollment view in memory, and checks on each request that the epoch of that data is unchanged. These triggers bump the epoch in
-- the same transaction as any change that could alter what is cached, whoever writes (an instance, the CLI, a
-- migration), so a revoked key or a deactivated list stops working on every instance at once. Statement-level: one
-- bump per statement, however many rows it touched.
CREATE TABLE "CacheEpoch" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CacheEpoch_pkey" PRIMARY KEY ("name")
);
INSERT INTO "CacheEpoch" ("name", "version") VALUES ('access', 0), ('public_lists', 0), ('companies', 0);

CREATE FUNCTION "bump_cache_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END
$$;


-- access: the Caller of an API key (lib/services/api-keys.ts callerForApiKey) and the key behind a client_id
-- (verifyClientCredentials: its secretHash and revokedAt). lastUsedAt is left out on purpose.
CREATE TRIGGER "ApiKey_epoch_update" AFTER UPDATE OF "clientId", "secretHash", "name", "companyId", "accessGroupId", "revokedAt" ON "ApiKey" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "ApiKey_epoch_delete" AFTER DELETE ON "ApiKey" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "AccessGroup_epoch_update" AFTER UPDATE ON "AccessGroup" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "AccessGroup_epoch_delete" AFTER DELETE ON "AccessGroup" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "AccessGroupCompany_epoch_insert" AFTER INSERT ON "AccessGroupCompany" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "AccessGroupCompany_epoch_update" AFTER UPDATE ON "AccessGroupCompany" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');
CREATE TRIGGER "AccessGroupCompany_epoch_delete" AFTER DELETE ON "AccessGroupCompany" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('access');

-- public_lists: a list's public info (lib/services/public-lists.ts). activeCount, subscriberCap and updatedAt are
-- left out on purpose: every subscribe changes them.
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId" ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "SubscriptionList_epoch_delete" AFTER DELETE ON "SubscriptionList" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Company_epoch_update" AFTER UPDATE OF "id", "deletedAt" ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Company_epoch_delete" AFTER DELETE ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Term_epoch_update" AFTER UPDATE ON "Term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Term_epoch_delete" AFTER DELETE ON "Term" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "ListQuestion_epoch_insert" AFTER INSERT ON "ListQuestion" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "ListQuestion_epoch_update" AFTER UPDATE ON "ListQuestion" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "ListQuestion_epoch_delete" AFTER DELETE ON "ListQuestion" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Property_epoch_update" AFTER UPDATE ON "Property" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "Property_epoch_delete" AFTER DELETE ON "Property" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "PropertyGroup_epoch_update" AFTER UPDATE ON "PropertyGroup" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');
CREATE TRIGGER "PropertyGroup_epoch_delete" AFTER DELETE ON "PropertyGroup" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('public_lists');

-- companies: a company's enrollment view, GET /v3/company/{id}/fk, and the register, GET /v3/company/fk
-- (lib/services/companies.ts). Any company added, changed (fk_status, register fields, deletion) or removed, and any
-- change to grants.
CREATE TRIGGER "Company_companies_epoch_insert" AFTER INSERT ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "Company_companies_epoch_update" AFTER UPDATE ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "Company_companies_epoch_delete" AFTER DELETE ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "CompanyGrant_epoch_insert" AFTER INSERT ON "CompanyGrant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "CompanyGrant_epoch_update" AFTER UPDATE ON "CompanyGrant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "CompanyGrant_epoch_delete" AFTER DELETE ON "CompanyGrant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "Grant_epoch_update" AFTER UPDATE ON "Grant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
CREATE TRIGGER "Grant_epoch_delete" AFTER DELETE ON "Grant" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_epoch"('companies');
