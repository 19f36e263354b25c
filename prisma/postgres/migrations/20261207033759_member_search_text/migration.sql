-- AlterTable
ALTER TABLE "Member" ADD COLUMN     "searchText" TEXT;


-- Names, email and phone folded for the person searches (lib/search-text.ts: lower case, accents stripped, by a fixed
-- table: no unaccent extension), kept by a trigger so that every writer keeps it (the service, the import's and the
-- public subscribe's raw statements). BEFORE: the row is written once, with its search text.
CREATE FUNCTION "member_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := replace(replace(replace(replace(replace(replace(replace(translate(lower(coalesce(NEW."firstname", '') || ' ' || coalesce(NEW."lastname", '') || ' ' || coalesce(NEW."email", '') || ' ' || coalesce(NEW."phone", '')), 'àÀáÁâÂãÃäÄåÅāĀąĄçÇćĆčČďĎđĐðÐèÈéÉêÊëËēĒęĘėĖěĚìÌíÍîÎïÏīĪłŁñÑńŃňŇòÒóÓôÔõÕöÖøØōŌőŐřŘŕŔśŚšŠşŞťŤţŢùÙúÚûÛüÜūŪůŮűŰýÝÿŸźŹžŽżŻ', 'aaaaaaaaaaaaaaaaccccccddddddeeeeeeeeeeeeeeeeiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttttuuuuuuuuuuuuuuyyyyzzzzzz'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ß', 'ss');
  RETURN NEW;
END;
$$;
UPDATE "Member" SET "searchText" = replace(replace(replace(replace(replace(replace(replace(translate(lower(coalesce("Member"."firstname", '') || ' ' || coalesce("Member"."lastname", '') || ' ' || coalesce("Member"."email", '') || ' ' || coalesce("Member"."phone", '')), 'àÀáÁâÂãÃäÄåÅāĀąĄçÇćĆčČďĎđĐðÐèÈéÉêÊëËēĒęĘėĖěĚìÌíÍîÎïÏīĪłŁñÑńŃňŇòÒóÓôÔõÕöÖøØōŌőŐřŘŕŔśŚšŠşŞťŤţŢùÙúÚûÛüÜūŪůŮűŰýÝÿŸźŹžŽżŻ', 'aaaaaaaaaaaaaaaaccccccddddddeeeeeeeeeeeeeeeeiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttttuuuuuuuuuuuuuuyyyyzzzzzz'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ß', 'ss');
CREATE TRIGGER "Member_search_text" BEFORE INSERT OR UPDATE OF "firstname", "lastname", "email", "phone" ON "Member" FOR EACH ROW EXECUTE FUNCTION "member_search_text"();
