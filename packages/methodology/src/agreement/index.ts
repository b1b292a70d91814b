import type { z } from 'zod';
import { ConfusionMatrixInputSchema, ConfusionMatrixSchema } from './confusion.js';
import { FigureSchema } from './figure.js';
import {
  CohenKappaInputSchema,
  CohenKappaOptionsSchema,
  CohenKappaResultSchema,
  RawAgreementInputSchema,
  RawAgreementResultSchema,
} from './kappa.js';
import { BootstrapOptionsSchema, MacroAccuracyInputSchema, MacroAccuracyResultSchema } from './macro-accuracy.js';
import {
  ClassPrecisionSchema,
  PerClassMeasurabilityInputSchema,
  PerClassMeasurabilitySchema,
  PerClassPrecisionInputSchema,
} from './precision.js';
import { WilsonIntervalInputSchema } from './wilson.js';

export { agreementRules } from './rules.js';
export * from './constants.js';
export { normalQuantile, NormalQuantileInputSchema } from './normal.js';
export { createXoshiro128StarStar, type Uint32Generator } from './random.js';
export {
  AgreementLabelSchema,
  AgreementLevelSchema,
  CohenKappaOptionsSchema,
  CohenKappaInputSchema,
  CohenKappaResultSchema,
  RawAgreementInputSchema,
  RawAgreementResultSchema,
  cohenKappa,
  rawAgreement,
  type CohenKappaOptions,
  type CohenKappaResult,
  type RawAgreementResult,
} from './kappa.js';
export { WilsonIntervalInputSchema, wilsonInterval } from './wilson.js';
export {
  ConfusionMatrixInputSchema,
  ConfusionMatrixSchema,
  confusionMatrix,
  type ConfusionMatrix,
} from './confusion.js';
export {
  BootstrapOptionsSchema,
  ClassRecallSchema,
  MacroAccuracyInputSchema,
  MacroAccuracyResultSchema,
  macroAccuracy,
  type BootstrapOptions,
  type MacroAccuracyInput,
  type MacroAccuracyResult,
} from './macro-accuracy.js';
export {
  ClassMeasurabilitySchema,
  ClassPrecisionSchema,
  PerClassMeasurabilityInputSchema,
  PerClassMeasurabilitySchema,
  PerClassPrecisionInputSchema,
  PerClassPrecisionOptionsSchema,
  perClassMeasurability,
  perClassPrecision,
  type ClassPrecision,
  type PerClassMeasurability,
  type PerClassPrecisionOptions,
} from './precision.js';
export { FigureSchema, figure, type Figure } from './figure.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * Object.keys(agreementSchemas); // ['CohenKappaInput', …]
 */
export const agreementSchemas: Record<string, z.ZodType> = {
  CohenKappaInput: CohenKappaInputSchema,
  CohenKappaOptions: CohenKappaOptionsSchema,
  CohenKappaResult: CohenKappaResultSchema,
  RawAgreementInput: RawAgreementInputSchema,
  RawAgreementResult: RawAgreementResultSchema,
  WilsonIntervalInput: WilsonIntervalInputSchema,
  ConfusionMatrixInput: ConfusionMatrixInputSchema,
  ConfusionMatrix: ConfusionMatrixSchema,
  BootstrapOptions: BootstrapOptionsSchema,
  MacroAccuracyInput: MacroAccuracyInputSchema,
  MacroAccuracyResult: MacroAccuracyResultSchema,
  PerClassMeasurabilityInput: PerClassMeasurabilityInputSchema,
  PerClassMeasurability: PerClassMeasurabilitySchema,
  PerClassPrecisionInput: PerClassPrecisionInputSchema,
  ClassPrecision: ClassPrecisionSchema,
  Figure: FigureSchema,
};
