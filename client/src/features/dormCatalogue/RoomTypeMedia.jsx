import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import useAuthorizedObjectUrl from '../../components/useAuthorizedObjectUrl';
import {
  useDeleteRoomTypeMediaMutation,
  useListRoomTypeMediaQuery,
  useUploadRoomTypeMediaMutation,
} from './roomTypeMediaApi';

/** Req §5: images accept webp, jpeg, jpg, png (the server checks the content again). */
export const IMAGE_TYPES = ['image/webp', 'image/jpeg', 'image/png'];
const IMAGE_EXTENSIONS = /\.(webp|jpe?g|png)$/i;

export function isAcceptedImage(file) {
  return Boolean(file) && IMAGE_TYPES.includes(file.type) && IMAGE_EXTENSIONS.test(file.name || '');
}

function MediaPreview({ media, roomTypeName, onDelete, deleting }) {
  const { t } = useTranslation();
  const { url, error } = useAuthorizedObjectUrl(media.url || `/admin/room-type-media/${media.id}`);
  const alt = t('dormitory.media.alt', { room_type: roomTypeName, name: media.file_name });
  return (
    <ImageListItem data-testid={`room-type-media-item-${media.id}`} sx={{ bgcolor: 'action.hover', minHeight: 120 }}>
      {url && <img src={url} alt={alt} loading="lazy" style={{ objectFit: 'cover', height: 120 }} />}
      {!url && !error && (
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: 120 }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      )}
      {error && (
        <Typography variant="caption" color="error" sx={{ p: 1 }}>
          {t('dormitory.media.load_error')}
        </Typography>
      )}
      <ImageListItemBar
        subtitle={media.file_name}
        actionIcon={
          <IconButton
            size="small"
            sx={{ color: 'common.white' }}
            aria-label={t('dormitory.media.delete', { name: media.file_name })}
            onClick={() => onDelete(media)}
            disabled={deleting}
            data-testid={`room-type-media-delete-${media.id}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        }
      />
    </ImageListItem>
  );
}

/** The photos of a room type inside its edit form: previews, upload (images only), delete. */
export default function RoomTypeMedia({ row }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const inputRef = useRef(null);
  const inputId = useId();
  const roomTypeId = row ? row.id : null;
  const { data: media = [], isLoading, isError } = useListRoomTypeMediaQuery(roomTypeId, { skip: !roomTypeId });
  const [upload, uploadState] = useUploadRoomTypeMediaMutation();
  const [remove, removeState] = useDeleteRoomTypeMediaMutation();
  // A photo is deleted only after the admin confirms it (issue 23): the delete cannot be undone.
  const [pending, setPending] = useState(null);

  if (!roomTypeId) {
    return (
      <Alert severity="info" data-testid="room-type-media-save-first">
        {t('dormitory.media.save_first')}
      </Alert>
    );
  }

  const onFiles = async (event) => {
    const files = Array.from(event.target.files || []);
    event.target.value = '';
    if (!files.length) return;
    if (files.some((file) => !isAcceptedImage(file))) {
      showError(t('dormitory.media.only_images'));
      return;
    }
    for (const file of files) {
      try {
        // one at a time: each is checked and stored by the server on its own
        await upload({ roomTypeId, file }).unwrap();
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n));
        return;
      }
    }
    showSuccess(t('dormitory.media.uploaded'));
  };

  const onDelete = async (item) => {
    try {
      await remove({ id: item.id, roomTypeId }).unwrap();
      showSuccess(t('dormitory.media.deleted'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
    setPending(null);
  };

  return (
    <Box component="section" aria-labelledby={`${inputId}-title`} data-testid="room-type-media">
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1 }}>
        <Typography id={`${inputId}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto' }}>
          {t('dormitory.media.title')}
        </Typography>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          onChange={onFiles}
          aria-label={t('dormitory.media.upload')}
          data-testid="room-type-media-input"
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={uploadState.isLoading ? <CircularProgress size={16} aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
          onClick={() => inputRef.current && inputRef.current.click()}
          disabled={uploadState.isLoading}
          data-testid="room-type-media-upload"
        >
          {t('dormitory.media.upload')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('dormitory.media.hint')}
      </Typography>
      {isError && <Alert severity="error">{t('crud.load_error')}</Alert>}
      {!isLoading && !isError && media.length === 0 && (
        <Typography color="text.secondary" data-testid="room-type-media-empty">
          {t('dormitory.media.empty')}
        </Typography>
      )}
      {media.length > 0 && (
        <ImageList cols={3} gap={8} sx={{ m: 0 }}>
          {media.map((item) => (
            <MediaPreview
              key={item.id}
              media={item}
              roomTypeName={row.name}
              onDelete={setPending}
              deleting={removeState.isLoading}
            />
          ))}
        </ImageList>
      )}
      <ConfirmDialog
        open={Boolean(pending)}
        title={t('dormitory.media.confirm_title')}
        text={pending ? t('dormitory.media.confirm_text', { name: pending.file_name }) : ''}
        confirmLabel={t('dormitory.media.confirm')}
        onConfirm={() => onDelete(pending)}
        onCancel={() => setPending(null)}
        busy={removeState.isLoading}
        testId="room-type-media-confirm"
      />
    </Box>
  );
}
