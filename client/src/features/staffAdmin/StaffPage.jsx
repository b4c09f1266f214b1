/* Staff accounts (issue 22, decision 0079), for the staff-management role: the list with search and server
 * paging, invitations, roles, deactivation, a reset of the second factor, "sign out everywhere", and each
 * account's audit trail. Every change signs the account out everywhere and is written to the audit trail; each
 * irreversible one asks first (ConfirmDialog, focus on Cancel). */
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useInviteStaffAgainMutation,
  useResetStaffSecondFactorMutation,
  useSetStaffActiveMutation,
  useSignOutStaffMutation,
  useStaffListQuery,
} from '../../api/staffApi';
import AuditTrailButton from '../../components/audit/AuditTrailButton';
import { apiErrorMessage } from '../../components/apiError';
import ConfirmDialog from '../../components/ConfirmDialog';
import PagedResults, { ResultsTable } from '../../components/PagedResults';
import useDebouncedValue from '../../components/useDebouncedValue';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { useSnackbar } from '../../components/SnackbarProvider';
import { ROLE_KEYS, hasRole, useDomain } from '../../domain';
import { selectUser } from '../../session/sessionSlice';
import InviteDialog from './InviteDialog';
import RolesDialog from './RolesDialog';
import { roleLabel } from './roles';

export const STAFF_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 400;

/** The irreversible actions: what the confirmation says and which call it makes. */
const ACTIONS = {
  deactivate: { confirm: 'staff_admin.confirm.deactivate', done: 'staff_admin.done.deactivate' },
  reactivate: { confirm: 'staff_admin.confirm.reactivate', done: 'staff_admin.done.reactivate' },
  reset: { confirm: 'staff_admin.confirm.reset', done: 'staff_admin.done.reset' },
  signOut: { confirm: 'staff_admin.confirm.sign_out', done: 'staff_admin.done.sign_out' },
  inviteAgain: { confirm: 'staff_admin.confirm.invite_again', done: 'staff_admin.done.invite_again' },
};

// On phones and tablets the roles and the state go under the member's e-mail, so the table keeps two columns and the
// actions stay in view without scrolling sideways (the walk at 390 px). One of the two renderings is display:none at
// any width, so assistive technology meets each once.
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };
const NARROW_ONLY = { display: { xs: 'block', md: 'none' } };

function StatusChips({ member }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {member.invitation_pending && <Chip size="small" color="info" label={t('staff_admin.status.invited')} />}
      {member.is_active ? (
        <Chip size="small" color="success" variant="outlined" label={t('staff_admin.status.active')} />
      ) : (
        <Chip size="small" color="default" label={t('staff_admin.status.deactivated')} />
      )}
      <Chip
        size="small"
        variant="outlined"
        label={member.has_second_factor ? t('staff_admin.status.second_factor_on') : t('staff_admin.status.second_factor_off')}
      />
    </Stack>
  );
}

/** Only for the staff-management role (the server answers 403 to anyone else): another admin goes to the shell. */
export default function StaffPage() {
  const user = useSelector(selectUser);
  const domain = useDomain();
  if (!hasRole(user, ROLE_KEYS.staffManager, domain)) return <Navigate to=".." relative="path" replace />;
  return <StaffAccounts />;
}

function StaffAccounts() {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const { showSuccess, showError } = useSnackbar();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [rolesOf, setRolesOf] = useState(null);
  const [pending, setPending] = useState(null); // {action, member}
  useDocumentTitle(t('staff_admin.title'), t('admin_shell.title'));

  const { data, isFetching, isError, error } = useStaffListQuery({ search: query, page: page + 1, perPage: STAFF_PAGE_SIZE });
  const [setActive, activeState] = useSetStaffActiveMutation();
  const [resetFactor, resetState] = useResetStaffSecondFactorMutation();
  const [signOut, signOutState] = useSignOutStaffMutation();
  const [inviteAgain, inviteAgainState] = useInviteStaffAgainMutation();
  const busy = activeState.isLoading || resetState.isLoading || signOutState.isLoading || inviteAgainState.isLoading;
  const members = (data && data.list) || [];

  const run = async () => {
    const { action, member } = pending;
    const calls = {
      deactivate: () => setActive({ id: member.id, active: false }),
      reactivate: () => setActive({ id: member.id, active: true }),
      reset: () => resetFactor(member.id),
      signOut: () => signOut(member.id),
      inviteAgain: () => inviteAgain(member.id),
    };
    const result = await calls[action]();
    setPending(null);
    if (result.error) showError(apiErrorMessage(result.error, t, i18n));
    else showSuccess(t(ACTIONS[action].done, { email: member.email }));
  };

  const ask = (action, member) => setPending({ action, member });

  return (
    <Box data-testid="staff-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('staff_admin.title')}
        </Typography>
        <Button variant="contained" onClick={() => setInviting(true)} aria-haspopup="dialog" data-testid="staff-invite-button">
          {t('staff_admin.invite.open')}
        </Button>
      </Stack>
      <TextField
        type="search"
        label={t('staff_admin.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        inputProps={{ maxLength: 254, 'data-testid': 'staff-search' }}
        sx={{ mb: 2, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 360 } }}
      />
      <PagedResults
        data={data}
        isError={isError}
        error={error}
        emptyText={query ? t('staff_admin.empty_search', { query }) : t('staff_admin.empty')}
        emptyTestId="staff-empty"
        page={page}
        pageSize={STAFF_PAGE_SIZE}
        onPageChange={setPage}
      >
        <ResultsTable
          label={t('staff_admin.table')}
          busy={isFetching}
          testId="staff-table"
          head={
            <>
              <TableCell scope="col">{t('staff_admin.columns.member')}</TableCell>
              <TableCell scope="col" sx={WIDE_ONLY}>
                {t('staff_admin.columns.roles')}
              </TableCell>
              <TableCell scope="col" sx={WIDE_ONLY}>
                {t('staff_admin.columns.status')}
              </TableCell>
              <TableCell scope="col">{t('staff_admin.columns.actions')}</TableCell>
            </>
          }
        >
          {members.map((member) => {
            const name = [member.last_name, member.first_name].filter(Boolean).join(' ');
            const about = { email: member.email };
            const roles = member.roles.map((role) => roleLabel(role, domain, t)).join(', ');
            return (
              <TableRow key={member.id} data-testid={`staff-row-${member.id}`}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {member.email}
                  </Typography>
                  {name && <Typography variant="body2">{name}</Typography>}
                  <Box sx={NARROW_ONLY} data-testid={`staff-summary-${member.id}`}>
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {roles}
                    </Typography>
                    <StatusChips member={member} />
                  </Box>
                </TableCell>
                <TableCell data-testid={`staff-roles-${member.id}`} sx={WIDE_ONLY}>
                  {roles}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <StatusChips member={member} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    <Button
                      size="small"
                      onClick={() => setRolesOf(member)}
                      aria-haspopup="dialog"
                      aria-label={t('staff_admin.actions.roles_for', about)}
                      data-testid={`staff-roles-button-${member.id}`}
                    >
                      {t('staff_admin.actions.roles')}
                    </Button>
                    {member.invitation_pending && (
                      <Button
                        size="small"
                        onClick={() => ask('inviteAgain', member)}
                        aria-label={t('staff_admin.actions.invite_again_for', about)}
                      >
                        {t('staff_admin.actions.invite_again')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color={member.is_active ? 'error' : 'primary'}
                      onClick={() => ask(member.is_active ? 'deactivate' : 'reactivate', member)}
                      aria-label={t(
                        member.is_active ? 'staff_admin.actions.deactivate_for' : 'staff_admin.actions.reactivate_for',
                        about,
                      )}
                      data-testid={`staff-active-button-${member.id}`}
                    >
                      {t(member.is_active ? 'staff_admin.actions.deactivate' : 'staff_admin.actions.reactivate')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => ask('reset', member)}
                      aria-label={t('staff_admin.actions.reset_for', about)}
                      data-testid={`staff-reset-button-${member.id}`}
                    >
                      {t('staff_admin.actions.reset')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => ask('signOut', member)}
                      aria-label={t('staff_admin.actions.sign_out_for', about)}
                      data-testid={`staff-sign-out-button-${member.id}`}
                    >
                      {t('staff_admin.actions.sign_out')}
                    </Button>
                    <AuditTrailButton
                      targetType="user"
                      targetId={member.id}
                      title={t('staff_admin.audit_title', about)}
                      label={t('staff_admin.actions.audit')}
                      testId={`staff-audit-${member.id}`}
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </ResultsTable>
      </PagedResults>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <RolesDialog key={rolesOf ? rolesOf.id : 'none'} member={rolesOf} onClose={() => setRolesOf(null)} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? t(`${ACTIONS[pending.action].confirm}_title`) : ''}
        text={pending ? t(`${ACTIONS[pending.action].confirm}_text`, { email: pending.member.email }) : ''}
        confirmLabel={pending ? t(`${ACTIONS[pending.action].confirm}_button`) : ''}
        onConfirm={run}
        onCancel={() => setPending(null)}
        busy={busy}
        testId="staff-confirm"
      />
    </Box>
  );
}
