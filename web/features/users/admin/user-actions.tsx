import { createContext, useContext, useState, type ReactNode } from 'react';
import { Ban, ChevronDown, LogIn, MonitorUp, Pencil, ShieldCheck, ShieldOff, Trash2, UserCog } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu';
import { fullName } from '../../../lib/format';
import { useKeptRecord, useRecordParam } from '../../../lib/record-param';
import { RecordNotFound } from '../../../components/ui/record-not-found';
import type { AdminUserRow } from '../../../lib/admin/types';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { EditMemberDialog } from './edit-member-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { canImpersonate, impersonateHere, loginAsUserInNewWindow } from './impersonation';
import { useDeleteUser, useResetTwoFactor, useSetUserStatus } from './members-api';

type DialogKind = 'edit-user' | 'edit-member' | 'block' | 'delete' | 'open-here' | 'reset-2fa';
const DIALOG_KINDS: readonly DialogKind[] = ['edit-user', 'edit-member', 'block', 'delete', 'open-here', 'reset-2fa'];

interface ActionsApi {
  open: (kind: DialogKind, row: AdminUserRow) => void;
  activate: (row: AdminUserRow) => void;
}

const ActionsContext = createContext<ActionsApi | null>(null);

/**
 * Holds the row dialogs of a user list (one open at a time) and the actions that need no dialog. Given the list's
 * rows, the opened member and dialog are in the address (?id=<user's id>&action=<dialog>), so a reload or a shared
 * link opens them again; `seeking` tells that the list is still looking for a linked member in its next pages.
 */
export function UserActionsProvider({ children, rows, seeking = false }: { children: ReactNode; rows?: readonly AdminUserRow[]; seeking?: boolean }) {
  const [local, setLocal] = useState<{ kind: DialogKind; row: AdminUserRow } | null>(null);
  const record = useRecordParam<DialogKind>();
  const linked = useKeptRecord(record.id, rows && record.id ? rows.find((r) => r.id === record.id) : undefined);
  const current = rows ? (linked ? { kind: record.action && DIALOG_KINDS.includes(record.action) ? record.action : ('edit-user' as const), row: linked } : null) : local;
  const setCurrent = (next: { kind: DialogKind; row: AdminUserRow } | null) => {
    if (!rows) setLocal(next);
    else if (next) record.open(next.row.id, next.kind);
    else record.close();
  };
  const [busy, setBusy] = useState(false);
  const setStatus = useSetUserStatus();
  const deleteUser = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();
  const close = () => setCurrent(null);
  const name = current ? fullName(current.row, current.row.email) : '';

  const api: ActionsApi = {
    open: (kind, row) => setCurrent({ kind, row }),
    activate: (row) => void setStatus.run({ id: row.id, status: 'active' }),
  };

  async function run(work: () => Promise<{ ok: boolean }>) {
    setBusy(true);
    try {
      if ((await work()).ok) close();
    } finally {
      setBusy(false);
    }
  }

  // The destructive row actions: one confirm each, running its write on the current row.
  const destructive: Array<{ kind: DialogKind; title: string; description: string; confirmLabel: string; write: (row: AdminUserRow) => Promise<{ ok: boolean }> }> = [
    {
      kind: 'block',
      title: `Block ${name}?`,
      description: 'The user is signed out at once and cannot sign in until the account is activated again.',
      confirmLabel: 'Block User',
      write: (row) => setStatus.run({ id: row.id, status: 'inactive' }),
    },
    {
      kind: 'delete',
      title: `Delete ${name}?`,
      description: 'The account is removed permanently. Users with a tree position, wallet transactions or purchases cannot be deleted; block them instead.',
      confirmLabel: 'Delete User',
      write: (row) => deleteUser.run(row.id),
    },
    {
      kind: 'reset-2fa',
      title: `Reset ${name}'s two-factor sign-in?`,
      description:
        'For a lost or replaced phone. The user is signed out everywhere and sets two-factor up again at the next sign-in (admins and founders must). They are told by notification and mail.',
      confirmLabel: 'Reset Two-Factor',
      write: (row) => resetTwoFactor.run(row.id),
    },
  ];

  return (
    <ActionsContext.Provider value={api}>
      {children}
      {rows && record.id && !linked && !seeking ? (
        <RecordNotFound what="member" id={record.id} onClose={record.close} hint="No user with this id is in this list. Clear the search and filters to look for them among every user." />
      ) : null}
      {current?.kind === 'edit-user' ? <EditUserDialog key={current.row.id} row={current.row} onClose={close} /> : null}
      {current?.kind === 'edit-member' ? <EditMemberDialog key={current.row.id} row={current.row} onClose={close} /> : null}
      {destructive.map((d) => (
        <ConfirmDialog
          key={d.kind}
          open={current?.kind === d.kind}
          onOpenChange={(open) => !open && close()}
          title={d.title}
          description={d.description}
          confirmLabel={d.confirmLabel}
          confirmVariant="destructive"
          busy={busy}
          onConfirm={() => current && void run(() => d.write(current.row))}
        />
      ))}
      <ConfirmDialog
        open={current?.kind === 'open-here'}
        onOpenChange={(open) => !open && close()}
        title={`Open ${name}'s session here?`}
        description="This window leaves the admin portal and shows the member's portal as they see it. Use “Stop impersonating” in the banner to end the session."
        confirmLabel="Open Here"
        busy={busy}
        onConfirm={() => {
          if (!current) return;
          setBusy(true);
          void impersonateHere(current.row).then((ok) => {
            if (!ok) setBusy(false);
          });
        }}
      />
    </ActionsContext.Provider>
  );
}

/** The Actions menu of one user row or card. */
export function UserActionsMenu({ row, compact = false }: { row: AdminUserRow; compact?: boolean }) {
  const api = useContext(ActionsContext);
  if (!api) throw new Error('UserActionsMenu outside UserActionsProvider');
  const impersonable = canImpersonate(row);
  return (
    <DropdownMenu
      label={`Actions for ${row.userId}`}
      align="start"
      trigger={(props) => (
        <Button {...props} variant="outline" size="sm" aria-label={`Actions for ${row.userId}`} className={compact ? 'px-2.5' : undefined}>
          Actions <ChevronDown aria-hidden="true" className="size-3.5 text-slate-500" />
        </Button>
      )}
    >
      {row.role !== 'admin' ? (
        <>
          <DropdownMenuItem icon={LogIn} onSelect={() => void loginAsUserInNewWindow(row)} description={impersonable ? 'Opens a new 1200×800 window' : 'Only active users can be logged into'}>
            Login as user
          </DropdownMenuItem>
          <DropdownMenuItem icon={MonitorUp} onSelect={() => (impersonable ? api.open('open-here', row) : void loginAsUserInNewWindow(row))} description="Use this window instead">
            Open here
          </DropdownMenuItem>
          <DropdownMenuSeparator />
        </>
      ) : null}
      <DropdownMenuItem icon={Pencil} onSelect={() => api.open('edit-user', row)} description="Details, package, password, PIN">
        Edit user
      </DropdownMenuItem>
      <DropdownMenuItem icon={UserCog} onSelect={() => api.open('edit-member', row)} description="Name, email, role, status">
        Edit member
      </DropdownMenuItem>
      {row.status === 'active' ? (
        <DropdownMenuItem icon={Ban} onSelect={() => api.open('block', row)}>
          Block
        </DropdownMenuItem>
      ) : row.status === 'inactive' ? (
        <DropdownMenuItem icon={ShieldCheck} onSelect={() => api.activate(row)}>
          Activate
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={ShieldOff} onSelect={() => api.open('reset-2fa', row)} description="Lost phone: set it up again">
        Reset two-factor
      </DropdownMenuItem>
      <DropdownMenuItem icon={Trash2} destructive onSelect={() => api.open('delete', row)}>
        Delete
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
