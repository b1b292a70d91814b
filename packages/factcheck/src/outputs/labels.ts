/** The pt-BR words readers see for verdicts and statuses (seed 001 "Os vereditos"). */
import type { CheckStatus, Verdict } from '@espectro/methodology';

/** pt-BR labels of the verdicts (RULES.md concept table). */
export const VERDICT_LABELS_PT: Record<Verdict, string> = {
  true: 'Verdadeiro',
  imprecise: 'Impreciso',
  false: 'Falso',
  no_data: 'Sem dados',
};
/** pt-BR labels of the check statuses. */
export const STATUS_LABELS_PT: Record<CheckStatus, string> = {
  published: 'publicada',
  discarded: 'descartada',
  under_review: 'em revisão',
  removed: 'removida',
};
