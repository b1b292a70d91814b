import type { APIRoute } from 'astro';
import { ruleCatalogue } from '@espectro/methodology';

export const GET: APIRoute = () => Response.json(ruleCatalogue);
