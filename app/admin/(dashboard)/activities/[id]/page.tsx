// /admin/activities/[id]: one activity of the caller's scope with its occasions and participants. Unknown or
// out-of-scope activities (and callers without the activity module) get the not-found page.
import { PageTitle, Panel } from "@/components/admin/ui/page-parts";
import { CopyActivityForm } from "@/modules/activities/components/copy-activity-form";
import { copyActivityMessages } from "@/modules/activities/texts/copy";
import { MessageGuardiansLink } from "@/modules/sendouts/components/message-guardians-link";
import { IntIdParam } from "@/lib/validation/common";
import { ActivityView } from "@/modules/activities/components/activity-view";
import { getActivity } from "@/modules/activities/services/activities";
import { signupPageUrl } from "@/modules/activities/services/public-activities";
import { activitiesMessages } from "@/modules/activities/texts/activities";
import {
  addOccasionAction,
  createActivityAction,
  deleteActivityAction,
  enrollParticipantAction,
  moveParticipantAction,
  removeParticipantAction,
  updateActivityAction,
  updateOccasionAction,
} from "../actions";
import { copyActivityAction } from "../copy-action";
import { readObjectPage } from "../../object-page";

export default async function ActivityPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    caller,
    object: activity,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, IntIdParam, getActivity, "ACTIVITY.U");
  const t = activitiesMessages(lang);
  const copy = copyActivityMessages(lang).copy;
  const canMessage = caller.modules.has("sendout") && caller.permissions.has("SENDOUT.U");
  return (
    <>
      <PageTitle
        title={activity.name}
        back={{
          href: `/admin/activities?company_id=${encodeURIComponent(activity.company_id)}`,
          label: t.activity.back,
        }}
        readOnlyText={readOnlyText}
      />
      <div className="space-y-6">
        <ActivityView
          initial={activity}
          signupUrl={activity.signup_open ? await signupPageUrl(activity) : null}
          canWrite={canWrite}
          canFindMembers={caller.modules.has("member")}
          actions={{
            createActivity: createActivityAction,
            updateActivity: updateActivityAction,
            deleteActivity: deleteActivityAction,
            enrollParticipant: enrollParticipantAction,
            removeParticipant: removeParticipantAction,
            moveParticipant: moveParticipantAction,
            addOccasion: addOccasionAction,
            updateOccasion: updateOccasionAction,
          }}
          headerActions={canMessage ? <MessageGuardiansLink activity={activity} /> : undefined}
        />
        {canWrite && (
          <Panel id="copy-activity" title={copy.title} intro={copy.intro} spacing="space-y-4">
            <CopyActivityForm activity={activity} copyActivity={copyActivityAction} />
          </Panel>
        )}
      </div>
    </>
  );
}
