/* File (PDF only) and image (webp, jpeg, jpg, png) fields (req §5 Masks). The chosen file is kept as a pending
 * reference until the step is saved; saved files are links to the authorised download URL. */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { acceptFor } from '../../../forms-engine/engine';
import { usePublicConfig } from '../../../api/publicConfigApi';
import { useSnackbar } from '../../SnackbarProvider';
import { isPendingRef, pendingRef, testIdOf } from '../data';
import { formatBytes } from '../uploadProgress';
import { focusWhenDrawn } from '../../focus/focusTargets';

const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: 1, margin: -1, overflow: 'hidden', padding: 0,
  position: 'absolute', whiteSpace: 'nowrap', width: 1,
};

// Used until /public-config answers; the server checks again whatever the browser lets through.
export const DEFAULT_LIMITS = { document: 10 * 1024 * 1024, image: 5 * 1024 * 1024 };

/** The largest file the server accepts for this field, in bytes. */
export function sizeLimit(field, config) {
  const fromServer = config && (field.type === 'image' ? config.upload_max_image_bytes : config.upload_max_document_bytes);
  return fromServer || (field.type === 'image' ? DEFAULT_LIMITS.image : DEFAULT_LIMITS.document);
}

/** Whether a browser File is of an accepted type (by MIME type, else by extension). */
export function fileAccepted(field, file) {
  const rules = acceptFor(field);
  const name = (file.name || '').toLowerCase();
  if (file.type) return rules.types.includes(file.type);
  return rules.extensions.some((ext) => name.endsWith(ext));
}

function refsOf(value) {
  if (Array.isArray(value)) return value.filter(Boolean);
  return value ? [value] : [];
}

function ImagePreview({ reference, file, alt }) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  const src = url || (reference && reference.url);
  if (!src) return null;
  return <Box component="img" src={src} alt={alt} sx={{ width: 120, height: 150, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />;
}

/** One chosen or saved file: name, size, and while a save carries it its progress, or a retry after a failure. */
function FileRow({ reference, path, readOnly, upload, onRemove, onRetry }) {
  const { t, i18n } = useTranslation();
  const name = reference.name || t('questionnaire.file.unnamed');
  const pending = isPendingRef(reference) || !reference.url;
  return (
    <Box data-testid={`${testIdOf(path)}-file`}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {pending ? (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{name}</Typography>
        ) : (
          <Link href={reference.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: 'break-all' }}>{name}</Link>
        )}
        {reference.size > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid={`${testIdOf(path)}-size`}>
            {formatBytes(reference.size, t, i18n.language)}
          </Typography>
        )}
        {isPendingRef(reference) && !upload && (
          <Typography variant="caption" color="text.secondary">{t('questionnaire.file.not_saved')}</Typography>
        )}
        {!readOnly && !(upload && !upload.failed) && (
          <IconButton size="small" onClick={onRemove} aria-label={t('questionnaire.file.remove', { name })}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {upload && !upload.failed && (
        <LinearProgress
          variant="determinate"
          value={upload.progress || 0}
          aria-label={t('questionnaire.file.uploading', { name })}
          data-testid={`${testIdOf(path)}-progress`}
          sx={{ mt: 0.5, maxWidth: 360 }}
        />
      )}
      {upload && upload.failed && (
        <Stack direction="row" spacing={1} alignItems="center" role="alert" data-testid={`${testIdOf(path)}-failed`}>
          <Typography variant="caption" color="error">{t('questionnaire.file.failed')}</Typography>
          <Button size="small" onClick={onRetry} data-testid={`${testIdOf(path)}-retry`}>{t('questionnaire.file.retry')}</Button>
        </Stack>
      )}
    </Box>
  );
}

export default function FileField({
  field, path, value, onChange, error, readOnly, label, required, fileStore, uploads = {}, onRetryUpload,
}) {
  const { t } = useTranslation();
  const { showError } = useSnackbar();
  const publicConfig = usePublicConfig();
  const inputRef = useRef(null);
  const adding = useRef(false);
  const isImage = field.type === 'image';
  const rules = acceptFor(field);
  const refs = refsOf(value);
  const inputId = `${testIdOf(path)}-input`;
  const legendId = `${inputId}-label`;

  const onPick = (event) => {
    const picked = Array.from(event.target.files || []);
    event.target.value = '';
    if (!picked.length) return;
    const bad = picked.find((f) => !fileAccepted(field, f));
    if (bad) {
      showError(t(isImage ? 'questionnaire.file.wrong_image' : 'questionnaire.file.wrong_pdf', { label, name: bad.name }));
      return;
    }
    // Refused here, before the step is sent: one oversized file would otherwise fail the whole step's save.
    const limit = sizeLimit(field, publicConfig);
    const huge = picked.find((f) => f.size > limit);
    if (huge) {
      showError(t('questionnaire.file.too_large', { label, name: huge.name, max_mb: Math.floor(limit / (1024 * 1024)) }));
      return;
    }
    const newRefs = picked.map((file) => {
      const ref = pendingRef(file);
      fileStore.set(ref.id, file);
      return ref;
    });
    // Every file field behaves the same (issue 10): a pick replaces what was chosen; "add" appends to a list.
    const base = field.multiple && adding.current ? refs : [];
    adding.current = false;
    if (field.multiple) onChange(path, [...base, ...newRefs].slice(0, field.max_files || 10));
    else onChange(path, newRefs[0]);
  };

  const remove = (ref) => {
    if (field.multiple) onChange(path, refs.filter((r) => r !== ref));
    else onChange(path, null);
    // The removed file's row (and its button) are gone: the field's own button is the next sensible control.
    focusWhenDrawn(() => document.getElementById(`${inputId}-choose`));
  };

  return (
    <FormControl error={Boolean(error)} required={required} disabled={readOnly} fullWidth component="fieldset">
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>{label}</FormLabel>
      <Stack spacing={1}>
        {isImage && refs[0] && (
          <ImagePreview reference={refs[0]} file={isPendingRef(refs[0]) ? fileStore.get(refs[0].id) : null} alt={label} />
        )}
        {refs.map((ref) => (
          <FileRow
            key={ref.id}
            reference={ref}
            path={path}
            readOnly={readOnly}
            upload={uploads[ref.id]}
            onRemove={() => remove(ref)}
            onRetry={onRetryUpload}
          />
        ))}
        {!readOnly && (
          <Box>
            {/* The button is the control (one Tab stop, decision 0077); the input only opens the browser's picker. */}
            <input
              ref={inputRef}
              id={inputId}
              tabIndex={-1}
              aria-hidden="true"
              type="file"
              accept={[...rules.types, ...rules.extensions].join(',')}
              multiple={Boolean(field.multiple)}
              onChange={onPick}
              data-testid={testIdOf(path)}
              style={visuallyHidden}
            />
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                onClick={() => {
                  adding.current = false;
                  if (inputRef.current) inputRef.current.click();
                }}
                id={`${inputId}-choose`}
                aria-labelledby={`${legendId} ${inputId}-choose`}
                aria-describedby={`${inputId}-hint`}
                data-testid={`${testIdOf(path)}-choose`}
              >
                {refs.length ? t('questionnaire.file.replace') : t('questionnaire.file.choose')}
              </Button>
              {field.multiple && refs.length > 0 && refs.length < (field.max_files || 10) && (
                <Button
                  id={`${inputId}-add`}
                  aria-labelledby={`${legendId} ${inputId}-add`}
                  onClick={() => {
                    adding.current = true;
                    if (inputRef.current) inputRef.current.click();
                  }}
                  data-testid={`${testIdOf(path)}-add`}
                >
                  {t('questionnaire.file.add')}
                </Button>
              )}
            </Stack>
          </Box>
        )}
        <FormHelperText id={`${inputId}-hint`}>
          {error || t(isImage ? 'questionnaire.file.limits_image' : 'questionnaire.file.limits_pdf', {
            max_mb: Math.floor(sizeLimit(field, publicConfig) / (1024 * 1024)),
            count: field.multiple ? field.max_files || 10 : 1,
          })}
        </FormHelperText>
      </Stack>
    </FormControl>
  );
}
