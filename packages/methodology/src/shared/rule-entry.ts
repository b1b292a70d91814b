import { z } from 'zod';

/** One tunable parameter of a rule, with its default. */
export const RuleParameterSchema = z.object({
  name: z.string(),
  default: z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]),
  description: z.string(),
});

/** One entry of the machine-readable rule catalogue rendered by the methodology page. */
export const RuleEntrySchema = z.object({
  /** Rule ID from RULES.md, e.g. `BS-BR-4`. */
  id: z.string(),
  /** Short English title. */
  title: z.string(),
  /** RULES.md section, e.g. `4. Blindspots`. */
  section: z.string(),
  /** Seed reference, e.g. `000 Ponto cego` or `002 §5`. */
  seed: z.string(),
  /** True where RULES.md marks the reading as a **[choice]** (a parameter a newsroom may change). */
  choice: z.boolean(),
  /** The exported functions that implement it. */
  implementedBy: z.array(z.string()),
  parameters: z.array(RuleParameterSchema),
  /** Plain statement of the rule as implemented. */
  statement: z.string(),
});
export type RuleEntry = z.infer<typeof RuleEntrySchema>;
export type RuleParameter = z.infer<typeof RuleParameterSchema>;

/** A rule's title and statement in one of the readers' languages. */
export const RuleTextSchema = z.object({ title: z.string().min(1), statement: z.string().min(1) });

/**
 * A rule of the catalogue: its entry plus its texts in Spanish and Brazilian Portuguese
 * (`null` only for a rule not translated yet — a test of the catalogue fails on it).
 */
export const CataloguedRuleSchema = RuleEntrySchema.extend({
  text: z.object({ es: RuleTextSchema, 'pt-BR': RuleTextSchema }).nullable(),
});
export type CataloguedRule = z.infer<typeof CataloguedRuleSchema>;
