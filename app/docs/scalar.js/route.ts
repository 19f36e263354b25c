// GET /docs/scalar.js: Scalar's browser bundle for /docs, served by this app (see app/docs/scalar-bundle.ts).
import { serveScalarScript } from "../scalar-bundle";

export const GET = (request: Request) => serveScalarScript(request);
