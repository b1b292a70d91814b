/** `/datos/esquemas/<name>.json`: the JSON Schema of each open-data endpoint's record, from the schema it is written with. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { endpointJsonSchema, OPEN_DATA_ENDPOINTS } from '../../../lib/open-data-schemas.js';
import { notFound } from '../../../lib/routes.js';

export const getStaticPaths = (() =>
  OPEN_DATA_ENDPOINTS.map((endpoint) => ({ params: { name: endpoint.name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const endpoint = OPEN_DATA_ENDPOINTS.find((entry) => entry.name === params.name);
  return endpoint === undefined ? notFound() : Response.json(endpointJsonSchema(endpoint));
};
