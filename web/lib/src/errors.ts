// Every failure of the library is a PrivsynthError with a stable `code`. The codes mirror the
// core's ErrorCode names (core/include/privsynth/status.hpp) plus the few that only JavaScript
// can raise (CSV parsing, a lost worker).

export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'INVALID_SCHEMA'
  | 'INVALID_DATA'
  | 'INVALID_CSV'
  | 'EMPTY_DATA'
  | 'DOMAIN_TOO_LARGE'
  | 'BUDGET_EXCEEDED'
  | 'LP_INFEASIBLE'
  | 'LP_LIMIT_REACHED'
  | 'LP_FAILED'
  | 'CANCELLED'
  | 'WORKER_FAILED'
  | 'INTERNAL';

export class PrivsynthError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** An option is missing, malformed or out of range (epsilon <= 0, degree 7, unknown column...). */
export class InvalidOptionError extends PrivsynthError {}
/** The schema JSON is malformed or inconsistent; the message names the column. */
export class SchemaError extends PrivsynthError {}
/** The table does not fit the schema, is not valid CSV, or is empty. */
export class DataError extends PrivsynthError {}
/** A workload, domain or reduced space would not fit in memory. */
export class DomainTooLargeError extends PrivsynthError {}
/** A release would exceed the privacy budget. */
export class BudgetExceededError extends PrivsynthError {}
/** The linear program failed: infeasible, stopped at a limit, or a GLPK error. */
export class LpError extends PrivsynthError {}
/** The caller cancelled (AbortSignal). */
export class CancelledError extends PrivsynthError {}
/** A bug or a broken environment (the worker died, the CSPRNG failed...). */
export class InternalError extends PrivsynthError {}

const classes: Record<ErrorCode, new (code: ErrorCode, message: string) => PrivsynthError> = {
  INVALID_ARGUMENT: InvalidOptionError,
  INVALID_SCHEMA: SchemaError,
  INVALID_DATA: DataError,
  INVALID_CSV: DataError,
  EMPTY_DATA: DataError,
  DOMAIN_TOO_LARGE: DomainTooLargeError,
  BUDGET_EXCEEDED: BudgetExceededError,
  LP_INFEASIBLE: LpError,
  LP_LIMIT_REACHED: LpError,
  LP_FAILED: LpError,
  CANCELLED: CancelledError,
  WORKER_FAILED: InternalError,
  INTERNAL: InternalError,
};

export const ERROR_CODES = Object.keys(classes) as ErrorCode[];

/** The PrivsynthError subclass for a code (unknown codes become InternalError). */
export function errorFromCode(code: string, message: string): PrivsynthError {
  const known = (ERROR_CODES as string[]).includes(code);
  const errorCode = (known ? code : 'INTERNAL') as ErrorCode;
  return new classes[errorCode](errorCode, known ? message : `${code}: ${message}`);
}

/** Plain-data form of an error, for crossing a worker boundary. */
export interface SerializedError {
  code: ErrorCode;
  message: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof PrivsynthError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message };
}
