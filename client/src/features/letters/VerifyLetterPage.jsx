/* /verify/:code (issue 26; decision 0080): the public page a letter's QR code opens, signed in or not. It says
 * whether the letter is valid, replaced by a newer version, revoked, or unknown, and shows only the holder's name,
 * the programme, the kind of letter and its date (the server answers nothing more). */
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useVerifyLetterQuery } from '../../api/lettersApi';
import { apiErrorMessage } from '../../components/apiError';
import { formatDate } from '../../components/dates/dates';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

const SEVERITY = { valid: 'success', superseded: 'warning', revoked: 'error' };

function Facts({ letter, lang }) {
  const { t } = useTranslation();
  const program = (letter.program && (letter.program[lang] || letter.program.ru)) || '';
  const rows = [
    ['letters.verify.name', letter.holder_name],
    ['letters.verify.kind', t(`letters.kinds.${letter.kind}`)],
    ['letters.verify.program', program],
    ['letters.verify.date', formatDate(letter.issued_at)],
  ].filter(([, value]) => value);
  return (
    <dl style={{ margin: 0 }} data-testid="verify-facts">
      {rows.map(([label, value]) => (
        <div key={label} style={{ marginBottom: 8 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(label)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </div>
      ))}
    </dl>
  );
}

export default function VerifyLetterPage() {
  const { code = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useVerifyLetterQuery(code);
  useDocumentTitle(t('letters.verify.title'));
  const lang = (i18n.resolvedLanguage || i18n.language || 'ru').slice(0, 2);

  let content;
  if (isLoading) content = <CircularProgress aria-label={t('letters.verify.loading')} />;
  else if (error && error.status === 404) {
    content = (
      <Alert severity="error" data-testid="verify-status-unknown">
        {t('letters.verify.unknown')}
      </Alert>
    );
  } else if (error) content = <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>;
  else if (data) {
    content = (
      <>
        <Alert severity={SEVERITY[data.status] || 'info'} sx={{ mb: 2 }} data-testid={`verify-status-${data.status}`}>
          {t(`letters.verify.${data.status}`)}
        </Alert>
        <Facts letter={data.letter} lang={lang} />
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }} data-testid="verify-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('letters.verify.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('letters.verify.code', { code })}
      </Typography>
      <div role="status">{content}</div>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('letters.verify.note')}
      </Typography>
    </Paper>
  );
}
