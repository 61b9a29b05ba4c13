// What the audit wing offers the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072).
export { fieldChanges } from './store/revision-changes';
export {
  changedFieldsOf,
  findRevision,
  listRevisions,
  type RevisionActor,
  recordRevision,
} from './store/revisions';
