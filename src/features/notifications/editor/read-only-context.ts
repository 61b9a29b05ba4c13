// Issue 29: whether the notification editor is read-only (the member's role cannot save it).
// The code editors and the visual canvas sit deep under the form; they read it from here rather
// than through every component between.
import { createContext } from 'react';

export const EditorReadOnlyContext = createContext(false);
