/* Staff: the occupancy board per hall → building → floor → section → room (beds occupied, held, reserved and free,
 * the room's gender, residents), with hall filter, cancel/move of a booking with a reason, and the xlsx export. */
import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_BASE } from '../../api/baseApi';
import { useAdminUpdateBookingMutation, useGetBoardQuery } from '../../api/dormApi';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { selectToken } from '../../session/sessionSlice';
import { localizedName } from '../../i18n';

function allRooms(tree, lng) {
  const rooms = [];
  const n = (item) => localizedName(item, lng);
  tree.forEach((hall) => hall.buildings.forEach((b) => b.floors.forEach((f) => f.sections.forEach((s) => s.rooms.forEach((r) => rooms.push({ ...r, label: `${n(hall)} / ${n(b)} / ${n(f)} / ${n(s)} / ${r.name}` }))))));
  return rooms;
}

function RoomCell({ room, onResident }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1, minWidth: 180 }} data-testid={`board-room-${room.id}`}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <Typography fontWeight={600}>{room.name}</Typography>
        <Chip size="small" label={room.gender ? t(`dorm_admin.gender.${room.gender}`) : t('dorm_admin.gender.none')} />
      </Stack>
      <Typography variant="body2">{localizedName(room.room_type, i18n.language)} · {room.capacity}</Typography>
      <Typography variant="body2" data-testid={`board-counts-${room.id}`}>
        {t('dorm_admin.board.counts', { occupied: room.occupied, held: room.held, reserved: room.reserved, free: room.free })}
      </Typography>
      {room.residents.map((person) => (
        <Button key={person.booking_id} size="small" sx={{ display: 'block', textAlign: 'left', textTransform: 'none' }} onClick={() => onResident(person)}>
          {person.name} — {t(`dorm.status.${person.status}`)}
        </Button>
      ))}
    </Paper>
  );
}

export default function BoardPage() {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const token = useSelector(selectToken);
  const [hallId, setHallId] = useState('');
  const { data: all } = useGetBoardQuery({});
  const { data, isError } = useGetBoardQuery(hallId ? { hall_id: hallId } : {}, { refetchOnMountOrArgChange: true });
  const [update, { isLoading }] = useAdminUpdateBookingMutation();
  const [person, setPerson] = useState(null);
  const [reason, setReason] = useState('');
  const [roomId, setRoomId] = useState('');
  // The resident's chip opened the dialog; a move or a cancellation takes it away (or elsewhere on the board), so
  // the focus goes to the board's totals, which the action changed (decision 0077).
  const totals = useRef(null);
  const focusNext = useRef(null);
  const { onExited } = useReturnFocus(Boolean(person), focusNext);

  async function run(action) {
    try {
      await update({ booking_id: person.booking_id, action, reason: reason.trim(), ...(action === 'move' ? { room_id: Number(roomId) } : {}) }).unwrap();
      showSuccess(t('dorm_admin.success'));
      focusNext.current = () => totals.current;
      setPerson(null);
      setReason('');
      setRoomId('');
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'dorm_admin.failed'));
    }
  }

  async function exportXlsx() {
    const query = hallId ? `?hall_id=${hallId}` : '';
    try {
      const response = await fetch(`${API_BASE}/admin/dorm-board/export${query}`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': i18n.language },
      });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const disposition = response.headers.get('Content-Disposition') || '';
      const match = disposition.match(/filename="([^"]+)"/);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = match ? match[1] : 'dormitory_residents.xlsx';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      showError(t('dorm_admin.failed'));
    }
  }

  const halls = all ? all.list : [];
  const rooms = all ? allRooms(all.list, i18n.language) : [];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography component="h1" variant="h4">{t('dorm_admin.board.title')}</Typography>
        <Stack direction="row" spacing={1}>
          <TextField select size="small" label={t('dorm.hall')} value={hallId} onChange={(event) => setHallId(event.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('dorm_admin.board.all_halls')}</MenuItem>
            {halls.map((hall) => <MenuItem key={hall.id} value={hall.id}>{localizedName(hall, i18n.language)}</MenuItem>)}
          </TextField>
          <Button variant="outlined" onClick={exportXlsx} data-testid="board-export">{t('dorm_admin.board.export')}</Button>
        </Stack>
      </Stack>
      {isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {data && (
        <Typography sx={{ mb: 2 }} data-testid="board-totals" ref={totals} tabIndex={-1}>
          {t('dorm_admin.board.counts', data.totals)}
        </Typography>
      )}
      {data && data.list.map((hall) => (
        <Box key={hall.id} sx={{ mb: 3 }}>
          <Typography component="h2" variant="h5">{localizedName(hall, i18n.language)}</Typography>
          {hall.buildings.map((building) => (
            <Box key={building.id} sx={{ ml: { sm: 2 } }}>
              <Typography component="h3" variant="h6">{localizedName(building, i18n.language)}</Typography>
              {building.floors.map((floor) => (
                <Box key={floor.id} sx={{ ml: { sm: 2 }, mb: 1 }}>
                  <Typography fontWeight={600}>{localizedName(floor, i18n.language)}</Typography>
                  {floor.sections.map((section) => (
                    <Box key={section.id} sx={{ mb: 1 }}>
                      <Typography variant="body2" color="text.secondary">{localizedName(section, i18n.language)}</Typography>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {section.rooms.map((room) => <RoomCell key={room.id} room={room} onResident={setPerson} />)}
                      </Stack>
                    </Box>
                  ))}
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      ))}
      <Dialog open={Boolean(person)} onClose={() => setPerson(null)} disableRestoreFocus TransitionProps={{ onExited }} fullWidth maxWidth="sm" aria-labelledby="resident-title">
        <DialogTitle id="resident-title">{person ? person.name : ''}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('dorm_admin.reason')} value={reason} onChange={(event) => setReason(event.target.value)} inputProps={{ maxLength: 1000 }} />
            <TextField select label={t('dorm_admin.board.move_to')} value={roomId} onChange={(event) => setRoomId(event.target.value)}>
              {rooms.map((room) => <MenuItem key={room.id} value={room.id}>{room.label}</MenuItem>)}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setPerson(null)}>{t('common.close')}</Button>
          <Button disabled={!reason.trim() || !roomId || isLoading} onClick={() => run('move')}>{t('dorm_admin.board.move')}</Button>
          <Button color="error" disabled={!reason.trim() || isLoading} onClick={() => run('cancel')}>{t('dorm_admin.board.cancel_booking')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
