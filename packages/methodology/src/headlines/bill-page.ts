import type { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { BoletinNumberSchema } from './boletin.js';

/**
 * Where a boletín's public page is (rule LINK-1, **[choice]**): the Chamber of Deputies' record
 * of a bill's passage, which accepts any boletín of either chamber. `{boletin}` is replaced by the
 * normalised number (`12345-07`).
 *
 * @example
 * BILL_PAGE_URL_TEMPLATE.replace('{boletin}', '12345-07');
 */
export const BILL_PAGE_URL_TEMPLATE =
  'https://www.camara.cl/legislacion/ProyectosDeLey/tramitacion.aspx?prmBOLETIN={boletin}';

/**
 * Input of {@link billPageUrl}: a normalised boletín number.
 *
 * @example
 * BillPageUrlInputSchema.parse('12345-07');
 */
export const BillPageUrlInputSchema = BoletinNumberSchema;

/**
 * The public page of the bill a boletín number names (rule LINK-1: headlines link to bills only
 * through a boletín number written in them, never through their class).
 *
 * @example
 * billPageUrl('12345-07'); // 'https://www.camara.cl/legislacion/ProyectosDeLey/tramitacion.aspx?prmBOLETIN=12345-07'
 */
export function billPageUrl(boletin: string): string {
  const number = parseInput(BillPageUrlInputSchema, boletin, 'LINK-1', 'billPageUrl');
  return BILL_PAGE_URL_TEMPLATE.replace('{boletin}', encodeURIComponent(number));
}

/**
 * @example
 * const input: BillPageUrlInput = '12345-07';
 */
export type BillPageUrlInput = z.infer<typeof BillPageUrlInputSchema>;
