/** The query parameter that names a fresh load in the URLs of its modules. */
export const LOAD_PARAMETER = 'spec-run-load';
