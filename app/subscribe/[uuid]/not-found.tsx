// 404 of the subscribe page: unknown, deleted or inactive list. Both languages, since the request's is unknown here.
import { BilingualNotice } from "@/components/public/bilingual-notice";

export default function ListNotFound() {
  return <BilingualNotice title="notFoundTitle" body="notFoundBody" />;
}
