/* What staff may do with the application now (the server's available_transitions): the foreign shell's forward
 * move, cancel and restore with a reason, the citizens' document steps, scholarship enrolment, the payment
 * exemption, a program change, and (citizens' shell) opening the questionnaire on the applicant's behalf. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ReferenceSelect from '../../resources/ReferenceSelect';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { useUpdateApplicationCustomMutation, useUpdateApplicationMutation, useUpdateExemptionMutation } from './adminApi';
import ReasonDialog from './ReasonDialog';
import { statusText, studentName } from './applicationLabels';
import { stageConfirmation, unreviewedCount } from './stageConfirm';

/** Foreign forward moves: transition → target status (update-application). */
const FOREIGN_NEXT = { accept: 1, await_visa: 2, enrol: 3 };

/** The citizens' stage moves: transition → its button's text (the update body is `{<transition>: true}`). */
const CITIZEN_MOVES = {
  upload_documents: 'admin.actions.upload_documents',
  confirm_documents: 'admin.actions.confirm_documents',
  enrol_scholarship: 'admin.actions.enrol_scholarship',
};

/** `focusAfterAction()`: the element (the panel's heading) the focus goes to once an action has changed the
 * application (decision 0077) — when its dialog has closed; the toast says what was done, to whom, and for a move the
 * new status. */
export default function PanelStageActions({ item, shell, onEdit, onUpload, focusAfterAction = () => null }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [updateStatus, { isLoading: moving }] = useUpdateApplicationMutation();
  const [updateCustom, { isLoading: acting }] = useUpdateApplicationCustomMutation();
  const [updateExemption, { isLoading: exempting }] = useUpdateExemptionMutation();
  const [reasonFor, setReasonFor] = useState(null);
  const [confirming, setConfirming] = useState(null); // a stage move waiting for "Confirm": {title, text, warning, label, run}
  const focusNext = useRef(null); // set after a successful action, read by the closing dialog
  const [program, setProgram] = useState('');
  const available = new Set(item.available_transitions || []);
  const busy = moving || acting || exempting;
  const target = { user_id: item.user.id, application_id: item.id };

  const name = studentName(item.user);
  const run = async (promise, done) => {
    try {
      await promise.unwrap();
      showSuccess(done);
      return true;
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
      return false;
    }
  };

  const next = Object.keys(FOREIGN_NEXT).find((transition) => available.has(transition));
  const doneText = (labelKey) => t('admin.announce.done', { action: t(labelKey), id: item.id, name });
  const custom = (updateBody, labelKey) => run(updateCustom({ ...target, updateBody }), doneText(labelKey));

  /** A stage move asks first (ConfirmDialog: an enrolment says it cannot be undone, a receipt of the documents how
   * many nobody has reviewed — stageConfirm.js), then runs; the focus goes to the panel's heading after it. */
  const askNext = () => {
    const to = statusText(t, { ...item, status: FOREIGN_NEXT[next] }, shell.key);
    setConfirming({
      ...stageConfirmation(t, {
        transition: next,
        id: item.id,
        name,
        title: t('admin.confirm.next_title'),
        moveText: t('admin.confirm.next_text', { id: item.id, name, from: statusText(t, item, shell.key), to }),
      }),
      label: t('admin.actions.next'),
      run: () =>
        run(updateStatus({ ...target, status: FOREIGN_NEXT[next] }), t('admin.announce.moved', { id: item.id, name, status: to })),
    });
  };
  const askMove = (transition) =>
    setConfirming({
      ...stageConfirmation(t, {
        transition,
        id: item.id,
        name,
        title: t('admin.confirm.move_title', { action: t(CITIZEN_MOVES[transition]) }),
        moveText: t('admin.confirm.move_text', { id: item.id, name }),
        unreviewed: unreviewedCount(item),
      }),
      label: t(CITIZEN_MOVES[transition]),
      run: () => custom({ [transition]: true }, CITIZEN_MOVES[transition]),
    });
  const confirm = async () => {
    const ok = await confirming.run();
    if (ok) focusNext.current = focusAfterAction;
    setConfirming(null);
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="panel-actions">
      {shell.key === 'foreign' && next && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={askNext}
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
        <Button variant="outlined" disabled={busy} onClick={() => askMove('upload_documents')} data-testid="action-upload-documents">
          {t('admin.actions.upload_documents')}
        </Button>
      )}
      {available.has('confirm_documents') && (
        <Button variant="contained" disabled={busy} onClick={() => askMove('confirm_documents')} data-testid="action-confirm-documents">
          {t('admin.actions.confirm_documents')}
        </Button>
      )}
      {available.has('enrol_scholarship') && (
        <Button variant="contained" disabled={busy} onClick={() => askMove('enrol_scholarship')} data-testid="action-enrol-scholarship">
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
                    run(
                      updateExemption({ id: item.user.id, application_id: item.id, is_exempted_from_payment: e.target.checked ? 1 : 0 }),
                      doneText('admin.actions.exemption'),
                    )
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
              if (await custom({ study_program_id: Number(program) }, 'admin.actions.change_program')) setProgram('');
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
          const labelKey = reasonFor === 'restore' ? 'admin.actions.restore' : 'admin.actions.cancel';
          const ok = await run(updateStatus({ ...target, status: reasonFor === 'restore' ? 0 : -1, reason }), doneText(labelKey));
          if (ok) {
            focusNext.current = focusAfterAction;
            setReasonFor(null);
          }
        }}
        focusNext={focusNext}
      />
      <ConfirmDialog
        open={Boolean(confirming)}
        busy={busy}
        title={confirming ? confirming.title : ''}
        text={confirming ? confirming.text : ''}
        warning={confirming ? confirming.warning : null}
        confirmLabel={confirming ? confirming.label : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
        focusNext={focusNext}
        testId="stage-confirm"
      />
    </Stack>
  );
}
