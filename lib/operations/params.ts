// Path parameters several operations share. Path segments are text: ids parse from digits (IntIdParam).
import { z } from "zod";
import { IntIdParam } from "../validation/common";

export const IdParams = z.object({ id: IntIdParam });
