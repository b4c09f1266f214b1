/* The official letters of an application on /my-applications (issue 26; decision 0080): each current letter with
 * its kind, date and a download button; a revoked one says so and is not downloadable. The page reads the
 * applicant's letters once (GET /users/letters, useLettersByApplication) and hands each card its own. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDownloadLetterMutation, useGetMyLettersQuery } from '../../api/lettersApi';
import { apiErrorMessage } from '../../components/apiError';
import { formatDate } from '../../components/dates/dates';

/** application id → its letters, from one call for all the applicant's applications. */
export function useLettersByApplication() {
  const { data } = useGetMyLettersQuery(undefined);
  const byApplication = {};
  (data || []).forEach((letter) => {
    (byApplication[letter.application_id] = byApplication[letter.application_id] || []).push(letter);
  });
  return byApplication;
}

export default function LetterSlot({ application, letters = [] }) {
  const { t, i18n } = useTranslation();
  const [download, { error, isLoading, originalArgs }] = useDownloadLetterMutation();
  if (letters.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 2 }} aria-labelledby={`letters-${application.id}`} data-testid={`letters-${application.id}`}>
      <Typography id={`letters-${application.id}`} component="h3" variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
        {t('letters.title')}
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {letters.map((letter) => {
          const kind = t(`letters.kinds.${letter.kind}`);
          return (
            <Stack key={letter.id} component="li" direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {kind} · {t('letters.issued_on', { date: formatDate(letter.issued_at) })}
              </Typography>
              {letter.status === 'valid' ? (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => download(letter.id)}
                  disabled={isLoading && originalArgs === letter.id}
                  aria-label={t('letters.download_named', { kind })}
                  data-testid={`download-letter-${letter.id}`}
                >
                  {t('letters.download')}
                </Button>
              ) : (
                <Chip size="small" color="error" variant="outlined" label={t(`letters.status.${letter.status}`)} />
              )}
            </Stack>
          );
        })}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorMessage(error, t, i18n)}
        </Alert>
      )}
    </Box>
  );
}
