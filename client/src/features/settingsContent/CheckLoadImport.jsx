/* The Check → Load block of a Settings spreadsheet import (decision 0087): choose an xlsx/csv file, check it (a dry
 * run: what loading would add, change or leave, or the file's errors with their row numbers), then load the same
 * file — all or nothing. The reference imports and the assistant's knowledge base both use it: their servers answer
 * in one shape (server/reference/import_answers.py). */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import { formatNumber } from '../../i18n/format';

function Counts({ counts, names, labels, testId }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }} data-testid={testId}>
      {names.map((name) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt">{t(`${labels}.${name}`)}</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatNumber(counts[name], i18n.language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ErrorList({ errors }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {errors.map((item, index) => (
        <li key={`${item.row}-${index}`}>{item.message}</li>
      ))}
    </Box>
  );
}

function RowErrors({ answer, ErrorsView, testId }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" data-testid={testId}>
      <Typography sx={{ mb: 1 }}>{answer.message}</Typography>
      {answer.errors.length > 0 && <ErrorsView errors={answer.errors} />}
      {answer.error_count > answer.errors.length && (
        <Typography sx={{ mt: 1 }}>
          {t('settings_content.imports.more_errors', { count: answer.error_count - answer.errors.length })}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * mutation: what the import's RTK mutation hook returned; the block calls run({...params, step, file}).
 * steps: {check, load, done}: the server's two steps and the word for a finished load. They name the test ids too:
 *   `${testIdPrefix}-file`, `-file-name`, `-${check}`, `-${load}`, `-${check}-ok`, `-${check}-counts`,
 *   `-${check}-errors`, `-${done}`, `-${done}-counts`.
 * countNames(answer): the counts an answer shows, in order, labelled from the catalogue prefix `countLabels`.
 * doneText: what a finished load says. errorsView: the component showing the row errors ({errors}) under the
 *   check's message; a bulleted list by default.
 * children: what comes before the file (e.g. what the file holds); a function gets `restart`, which forgets the
 *   check, the load and the last error (call it when what the file is for changes).
 */
export default function CheckLoadImport({
  mutation, params = {}, steps, testIdPrefix, countNames, countLabels, doneText, errorsView = ErrorList, children = null,
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const fileInput = useRef(null);
  const [file, setFile] = useState(null);
  const [checked, setChecked] = useState(null);
  const [loaded, setLoaded] = useState(null);
  const [run, { isLoading, error, reset }] = mutation;
  const testId = (name) => `${testIdPrefix}-${name}`;

  const restart = () => {
    setChecked(null);
    setLoaded(null);
    reset();
  };
  const check = async () => {
    restart();
    const result = await run({ ...params, step: steps.check, file });
    if (!result.error) setChecked(result.data);
  };
  const load = async () => {
    const result = await run({ ...params, step: steps.load, file });
    if (!result.error) {
      setLoaded(result.data);
      setChecked(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {typeof children === 'function' ? children(restart) : children}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        {/* A real button opens the hidden file input (a <label role="button"> is not an allowed ARIA role). */}
        <Button variant="outlined" onClick={() => fileInput.current && fileInput.current.click()} aria-describedby={`${inputId}-name`}>
          {t('settings_content.imports.choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xlsx,.csv"
          onChange={(event) => {
            restart();
            setFile((event.target.files && event.target.files[0]) || null);
          }}
          data-testid={testId('file')}
        />
        <Typography id={`${inputId}-name`} data-testid={testId('file-name')}>
          {file ? file.name : t('settings_content.imports.no_file')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" disabled={!file || isLoading} onClick={check} data-testid={testId(steps.check)}>
          {t('settings_content.imports.preview')}
        </Button>
        <Button
          variant="contained"
          color="success"
          disabled={!file || isLoading || !(checked && checked.valid)}
          onClick={load}
          data-testid={testId(steps.load)}
        >
          {t('settings_content.imports.apply')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
      <Box aria-live="polite">
        {checked && checked.valid && (
          <Alert severity="info" data-testid={testId(`${steps.check}-ok`)}>
            <Typography sx={{ mb: 1 }}>{t('settings_content.imports.preview_ok')}</Typography>
            <Counts counts={checked.counts} names={countNames(checked)} labels={countLabels} testId={testId(`${steps.check}-counts`)} />
          </Alert>
        )}
        {checked && !checked.valid && <RowErrors answer={checked} ErrorsView={errorsView} testId={testId(`${steps.check}-errors`)} />}
        {loaded && (
          <Alert severity="success" data-testid={testId(steps.done)}>
            <Typography sx={{ mb: 1 }}>{doneText}</Typography>
            <Counts counts={loaded.counts} names={countNames(loaded)} labels={countLabels} testId={testId(`${steps.done}-counts`)} />
          </Alert>
        )}
      </Box>
    </Stack>
  );
}
