// What the access wing offers the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072).
export { type AuthContext } from './auth';
export { findUserEmail } from './store/tokens';
