/* What staff may do with the application now (the server's available_transitions): the foreign shell's forward
 * move, cancel and restore with a reason, the citizens' document steps, scholarship enrolment, the payment
 * exemption, a program change, and (citizens' shell) opening the questionnaire on the applicant's behalf. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ReferenceSelect from '../../resources/ReferenceSelect';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { useUpdateApplicationCustomMutation, useUpdateApplicationMutation, useUpdateExemptionMutation } from './adminApi';
import ReasonDialog from './ReasonDialog';

/** Foreign forward moves: transition → target status (update-application). */
const FOREIGN_NEXT = { accept: 1, await_visa: 2, enrol: 3 };

export default function PanelStageActions({ item, shell, onEdit, onUpload }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [updateStatus, { isLoading: moving }] = useUpdateApplicationMutation();
  const [updateCustom, { isLoading: acting }] = useUpdateApplicationCustomMutation();
  const [updateExemption, { isLoading: exempting }] = useUpdateExemptionMutation();
  const [reasonFor, setReasonFor] = useState(null);
  const [program, setProgram] = useState('');
  const available = new Set(item.available_transitions || []);
  const busy = moving || acting || exempting;
  const target = { user_id: item.user.id, application_id: item.id };

  const run = async (promise) => {
    try {
      const answer = await promise.unwrap();
      showSuccess(answer.message || t('admin.common.success'));
      return true;
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
      return false;
    }
  };

  const next = Object.keys(FOREIGN_NEXT).find((name) => available.has(name));
  const custom = (updateBody) => run(updateCustom({ ...target, updateBody }));

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="panel-actions">
      {shell.key === 'foreign' && next && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(updateStatus({ ...target, status: FOREIGN_NEXT[next] }))}
          data-testid="action-next"
        >
          {t('admin.actions.next')}
        </Button>
      )}
      {available.has('archive') && (
        <Button color="error" variant="outlined" disabled={busy} onClick={() => setReasonFor('archive')} data-testid="action-cancel">
          {t('admin.actions.cancel')}
        </Button>
      )}
      {available.has('restore') && (
        <Button variant="outlined" disabled={busy} onClick={() => setReasonFor('restore')} data-testid="action-restore">
          {t('admin.actions.restore')}
        </Button>
      )}
      {available.has('upload_documents') && (
        <Button variant="outlined" disabled={busy} onClick={() => custom({ upload_documents: true })} data-testid="action-upload-documents">
          {t('admin.actions.upload_documents')}
        </Button>
      )}
      {available.has('confirm_documents') && (
        <Button variant="contained" disabled={busy} onClick={() => custom({ confirm_documents: true })} data-testid="action-confirm-documents">
          {t('admin.actions.confirm_documents')}
        </Button>
      )}
      {available.has('enrol_scholarship') && (
        <Button variant="contained" disabled={busy} onClick={() => custom({ enrol_scholarship: true })} data-testid="action-enrol-scholarship">
          {t('admin.actions.enrol_scholarship')}
        </Button>
      )}
      {shell.key === 'kz' && (
        <>
          <Button variant="outlined" onClick={onEdit} data-testid="action-edit">
            {t('admin.actions.edit')}
          </Button>
          <Button variant="outlined" onClick={onUpload} data-testid="action-documents">
            {t('admin.actions.documents')}
          </Button>
          {available.has('set_exemption') && (
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(item.is_exempted_from_payment)}
                  disabled={busy}
                  onChange={(e) =>
                    run(updateExemption({ id: item.user.id, application_id: item.id, is_exempted_from_payment: e.target.checked ? 1 : 0 }))
                  }
                  inputProps={{ 'data-testid': 'action-exemption' }}
                />
              }
              label={t('admin.actions.exemption')}
            />
          )}
        </>
      )}
      {available.has('change_program') && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ width: '100%' }}>
          <Box sx={{ flexGrow: 1 }}>
            <ReferenceSelect
              model="StudyProgram"
              id="change-program"
              label={t('admin.actions.program')}
              value={program}
              onChange={setProgram}
              emptyLabel={t('admin.filters.any')}
            />
          </Box>
          <Button
            variant="outlined"
            disabled={!program || busy}
            onClick={async () => {
              if (await custom({ study_program_id: Number(program) })) setProgram('');
            }}
            data-testid="action-change-program"
          >
            {t('admin.actions.change_program')}
          </Button>
        </Stack>
      )}
      <ReasonDialog
        key={reasonFor || 'none'}
        open={Boolean(reasonFor)}
        busy={busy}
        title={t(reasonFor === 'restore' ? 'admin.actions.restore' : 'admin.actions.cancel')}
        onCancel={() => setReasonFor(null)}
        onConfirm={async (reason) => {
          const ok = await run(updateStatus({ ...target, status: reasonFor === 'restore' ? 0 : -1, reason }));
          if (ok) setReasonFor(null);
        }}
      />
    </Stack>
  );
}
