/* Recovery codes shown once (decision 0078 at enrolment, decision 0091 when a staff member asks for new ones): the
 * numbered list, "copy" and "download". Shared by the sign-in's enrolment step and the account-security screen. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '../SnackbarProvider';

export default function RecoveryCodes({ codes }) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showSuccess(t('second_factor.codes_copied'));
    } catch {
      showError(t('second_factor.copy_failed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'qabyldau-recovery-codes.txt';
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <Box
        component="ol"
        data-testid="recovery-codes"
        // The second column's numbers ("10.") sit in the gap: without one they run into the first column's codes.
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: { xs: 1, sm: 2 }, columnGap: 6, m: 0, pl: 4 }}
      >
        {codes.map((value) => (
          <li key={value}>{value}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={copy} data-testid="recovery-codes-copy">
          {t('second_factor.copy')}
        </Button>
        <Button variant="outlined" onClick={download} data-testid="recovery-codes-download">
          {t('second_factor.download')}
        </Button>
      </Stack>
    </>
  );
}
