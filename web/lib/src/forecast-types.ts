// The request of forecastRun(): what a synthesis run will release and how noisy each release is,
// from the schema and the options alone (core/include/privsynth/run_forecast.hpp, docs/forecast.md).
// The answer, RunForecast, is generated from the core's schema (generated/contract-types.ts).
import type { Schema } from './generated/contract-types.js';
import type { CommonOptions, MechanismOptions } from './types.js';

/** The options synthesize() takes, without the data, plus the user's own estimate of n. */
export type ForecastOptions = { schema: Schema | string; rows?: number } & CommonOptions & MechanismOptions;
