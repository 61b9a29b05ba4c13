// What the audit wing routes offer the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072). The store-level entrance is ../index.ts.
export { writeVersioned } from './versioned-write';
export { deleteVersioned } from './versioned-delete';
