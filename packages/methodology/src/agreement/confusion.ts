import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { AgreementLabelSchema } from './kappa.js';

/**
 * Input of {@link confusionMatrix}: gold and predicted labels of the same cases, optional class order.
 *
 * @example
 * ConfusionMatrixInputSchema.parse({ gold: ['a'], predicted: ['b'], classes: ['a', 'b'] });
 */
export const ConfusionMatrixInputSchema = z
  .strictObject({
    gold: z.array(AgreementLabelSchema).min(1),
    predicted: z.array(AgreementLabelSchema).min(1),
    classes: z.array(AgreementLabelSchema).min(1).optional(),
  })
  .superRefine((value, context) => {
    if (value.gold.length !== value.predicted.length) {
      context.addIssue({
        code: 'custom',
        path: ['predicted'],
        message: `gold has ${value.gold.length} labels, predicted has ${value.predicted.length}`,
      });
    }
    if (value.classes !== undefined) {
      const known = new Set(value.classes);
      if (known.size !== value.classes.length) {
        context.addIssue({ code: 'custom', path: ['classes'], message: 'classes must be unique' });
      }
      for (const field of ['gold', 'predicted'] as const) {
        const position = value[field].findIndex((label) => !known.has(label));
        if (position >= 0) {
          context.addIssue({
            code: 'custom',
            path: [field, position],
            message: `label "${value[field][position]}" is not one of the given classes`,
          });
        }
      }
    }
  });

/**
 * A confusion matrix: `matrix[g][p]` = cases with gold class `classes[g]` predicted as `classes[p]`.
 *
 * @example
 * ConfusionMatrixSchema.parse(confusionMatrix(['a'], ['a']));
 */
export const ConfusionMatrixSchema = z.object({
  classes: z.array(z.string()),
  matrix: z.array(z.array(z.number().int())),
  n: z.number().int(),
});
/**
 * @example
 * const table: ConfusionMatrix = confusionMatrix(gold, predicted);
 */
export type ConfusionMatrix = z.infer<typeof ConfusionMatrixSchema>;

/**
 * Confusion matrix of a classifier against gold labels (rules AGR-2/AGR-3 start from it). Rows are
 * gold classes, columns predicted classes. Class order: `classes` if given (every label must be
 * in it), otherwise the union of the labels sorted by UTF-16 code units (deterministic).
 *
 * @example
 * confusionMatrix(['a', 'a', 'b'], ['a', 'b', 'b']);
 * // { classes: ['a', 'b'], matrix: [[1, 1], [0, 1]], n: 3 }
 */
export function confusionMatrix(
  gold: readonly string[],
  predicted: readonly string[],
  classes?: readonly string[],
): ConfusionMatrix {
  const input = parseInput(ConfusionMatrixInputSchema, { gold, predicted, classes }, 'AGR-2', 'confusionMatrix');
  const order = input.classes ?? [...new Set([...input.gold, ...input.predicted])].sort();
  const index = new Map(order.map((label, position) => [label, position] as const));
  const matrix = order.map(() => order.map(() => 0));
  for (let position = 0; position < input.gold.length; position += 1) {
    const row = matrix[index.get(input.gold[position]!)!]!;
    row[index.get(input.predicted[position]!)!]! += 1;
  }
  return { classes: [...order], matrix, n: input.gold.length };
}
