import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { notificationRef, type Notification } from '../../../../contract/wire/notification';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { notificationTitle } from './notification-fields';

export interface EditorHeaderProps {
  notification: Notification;
  isDirty: boolean;
  saving: boolean;
  onSave: () => void;
  onRevert: () => void;
  /** The History button (history/history-button.tsx), before Revert. */
  history?: ReactNode;
  /** The member's role cannot save: no Save and no Revert. */
  readOnly?: boolean;
  /** What the checks found (issue 39), said before a save; never a dialog. */
  checksNote?: string | null;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function EditorHeader({
  notification,
  isDirty,
  saving,
  onSave,
  onRevert,
  history,
  readOnly = false,
  checksNote = null,
}: EditorHeaderProps) {
  return (
    <PageHeader
      breadcrumb={
        <Link to="/notifications" className="hover:text-fg underline-offset-2 hover:underline">
          Notifications
        </Link>
      }
      title={notificationTitle(notification)}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs">{notificationRef(notification)}</code>
          {isDirty ? (
            <Badge tone="warning">Unsaved changes</Badge>
          ) : (
            <Badge tone="success">Saved</Badge>
          )}
          {isDirty && checksNote && <span className="text-warning text-xs">{checksNote}</span>}
        </span>
      }
      actions={
        <>
          {history}
          {!readOnly && (
            <>
              <Button variant="ghost" onClick={onRevert} disabled={!isDirty || saving}>
                Revert
              </Button>
              <Button
                variant="primary"
                onClick={onSave}
                loading={saving}
                // One rule for every editor: Save is available when there is something to save.
                disabled={!isDirty}
                aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'}
                title={isMac ? '⌘S' : 'Ctrl+S'}
              >
                Save
              </Button>
            </>
          )}
        </>
      }
    />
  );
}
