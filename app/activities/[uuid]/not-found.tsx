// 404 of the hosted sign-up pages: an unknown club, or an activity not open for sign-up. Both languages, since the
// request's is unknown here.
import { BilingualNotice } from "@/components/public/bilingual-notice";

export default function ActivityNotFound() {
  return <BilingualNotice title="pageNotFoundTitle" body="pageNotFoundBody" />;
}
