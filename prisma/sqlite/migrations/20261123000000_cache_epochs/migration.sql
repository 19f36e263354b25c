-- Cache epochs (lib/services/epoch-cache.ts): every instance keeps a public list's info and the caller behind an API
-- key and a company's enrollment view in memory, and checks on each request that the epoch of that data is unchanged. These triggers bump the epoch in
-- the same transaction as any change that could alter what is cached, whoever writes (an instance, the CLI, a
-- migration), so a revoked key or a deactivated list stops working on every instance at once.
CREATE TABLE "CacheEpoch" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "CacheEpoch" ("name", "version") VALUES ('access', 0), ('public_lists', 0), ('companies', 0);

-- access: the Caller of an API key (lib/services/api-keys.ts callerForApiKey) and the key behind a client_id
-- (verifyClientCredentials: its secretHash and revokedAt). lastUsedAt is left out on purpose.
CREATE TRIGGER "ApiKey_epoch_update" AFTER UPDATE OF "clientId", "secretHash", "name", "companyId", "accessGroupId", "revokedAt" ON "ApiKey"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "ApiKey_epoch_delete" AFTER DELETE ON "ApiKey"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "AccessGroup_epoch_update" AFTER UPDATE ON "AccessGroup"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "AccessGroup_epoch_delete" AFTER DELETE ON "AccessGroup"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "AccessGroupCompany_epoch_insert" AFTER INSERT ON "AccessGroupCompany"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "AccessGroupCompany_epoch_update" AFTER UPDATE ON "AccessGroupCompany"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;
CREATE TRIGGER "AccessGroupCompany_epoch_delete" AFTER DELETE ON "AccessGroupCompany"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'access'; END;

-- public_lists: a list's public info (lib/services/public-lists.ts). activeCount, subscriberCap and updatedAt are
-- left out on purpose: every subscribe changes them.
CREATE TRIGGER "SubscriptionList_epoch_update" AFTER UPDATE OF "uuid", "companyId", "name", "description", "fields", "isActive", "imageUrl", "showImage", "design", "termId" ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "SubscriptionList_epoch_delete" AFTER DELETE ON "SubscriptionList"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Company_epoch_update" AFTER UPDATE OF "id", "deletedAt" ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Company_epoch_delete" AFTER DELETE ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Term_epoch_update" AFTER UPDATE ON "Term"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Term_epoch_delete" AFTER DELETE ON "Term"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "ListQuestion_epoch_insert" AFTER INSERT ON "ListQuestion"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "ListQuestion_epoch_update" AFTER UPDATE ON "ListQuestion"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "ListQuestion_epoch_delete" AFTER DELETE ON "ListQuestion"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Property_epoch_update" AFTER UPDATE ON "Property"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "Property_epoch_delete" AFTER DELETE ON "Property"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "PropertyGroup_epoch_update" AFTER UPDATE ON "PropertyGroup"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;
CREATE TRIGGER "PropertyGroup_epoch_delete" AFTER DELETE ON "PropertyGroup"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'public_lists'; END;

-- companies: a company's enrollment view, GET /v3/company/{id}/fk, and the register, GET /v3/company/fk
-- (lib/services/companies.ts). Any company added, changed (fk_status, register fields, deletion) or removed, and any
-- change to grants.
CREATE TRIGGER "Company_companies_epoch_insert" AFTER INSERT ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "Company_companies_epoch_update" AFTER UPDATE ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "Company_companies_epoch_delete" AFTER DELETE ON "Company"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "CompanyGrant_epoch_insert" AFTER INSERT ON "CompanyGrant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "CompanyGrant_epoch_update" AFTER UPDATE ON "CompanyGrant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "CompanyGrant_epoch_delete" AFTER DELETE ON "CompanyGrant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "Grant_epoch_update" AFTER UPDATE ON "Grant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "Grant_epoch_delete" AFTER DELETE ON "Grant"
BEGIN UPDATE "CacheEpoch" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
