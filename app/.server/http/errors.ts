/** The error type lives in the domain (domain/errors.ts); re-exported for the API and existing imports. */
export * from "../domain/errors";
