/* Staff: suborganizations (req §7 list-suborganizations, users-list-suborganizations, upload-users,
 * /suborganizations/assign). Import people from the xlsx template (row errors by row number; nothing is imported
 * when a row is wrong), give the organisation reserved places of a room, place its people there. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useAssignSuborganizationMutation,
  useListSuborganizationMembersQuery,
  useListSuborganizationsQuery,
  useSetSuborganizationBlockMutation,
  useUploadSuborganizationUsersMutation,
} from '../../api/dormApi';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';

function UploadCard() {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [file, setFile] = useState(null);
  const [rowErrors, setRowErrors] = useState(null);
  const [upload, { isLoading }] = useUploadSuborganizationUsersMutation();

  async function submit() {
    setRowErrors(null);
    try {
      const result = await upload({ code: code.trim(), name: name.trim(), file }).unwrap();
      showSuccess(t('dorm_admin.sub.imported', { created: result.created, updated: result.updated }));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'dorm_admin.failed'));
      if (error && error.data && error.data.errors) setRowErrors(error.data.errors);
    }
  }

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>{t('dorm_admin.sub.upload')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('dorm_admin.sub.template')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField size="small" label={t('dorm_admin.sub.code')} value={code} onChange={(e) => setCode(e.target.value)} inputProps={{ maxLength: 64 }} />
          <TextField size="small" label={t('dorm_admin.sub.name')} value={name} onChange={(e) => setName(e.target.value)} inputProps={{ maxLength: 255 }} />
          <Button variant="outlined" component="label">
            {file ? file.name : t('dorm_admin.sub.choose_file')}
            <input hidden type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files[0] || null)} data-testid="upload-file" />
          </Button>
          <Button variant="contained" disabled={!code.trim() || !file || isLoading} onClick={submit}>{t('dorm_admin.sub.import')}</Button>
        </Stack>
        {rowErrors && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="row-errors">
            {Object.entries(rowErrors).map(([row, texts]) => <div key={row}>{row}: {texts.join('; ')}</div>)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function Members({ org }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const { data } = useListSuborganizationMembersQuery({ suborganizationId: org.id });
  const [chosen, setChosen] = useState([]);
  const [roomId, setRoomId] = useState('');
  const [places, setPlaces] = useState('1');
  const [assign, assigning] = useAssignSuborganizationMutation();
  const [setBlock, blocking] = useSetSuborganizationBlockMutation();

  async function call(action, body, done) {
    try {
      await action(body).unwrap();
      showSuccess(t('dorm_admin.success'));
      done();
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'dorm_admin.failed'));
    }
  }

  const toggle = (id) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">{org.name}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
          <TextField size="small" type="number" label={t('dorm_admin.sub.room_id')} value={roomId} onChange={(e) => setRoomId(e.target.value)} />
          <TextField size="small" type="number" label={t('dorm_admin.sub.places')} value={places} onChange={(e) => setPlaces(e.target.value)} inputProps={{ min: 0, max: 10 }} />
          <Button disabled={!roomId || blocking.isLoading}
            onClick={() => call(setBlock, { suborganization_id: org.id, room_id: Number(roomId), places: Number(places) }, () => {})}>
            {t('dorm_admin.sub.set_block')}
          </Button>
        </Stack>
        <List dense>
          {(data ? data.list : []).map((member) => (
            <ListItem key={member.id} disablePadding>
              <ListItemButton onClick={() => toggle(member.id)} disabled={Boolean(member.booking_id)}>
                <Checkbox edge="start" checked={chosen.includes(member.id) || Boolean(member.booking_id)} tabIndex={-1} inputProps={{ 'aria-label': `${member.last_name} ${member.first_name}` }} />
                <ListItemText primary={`${member.last_name} ${member.first_name} ${member.middle_name || ''}`}
                  secondary={`${member.email} · ${t(`dorm_admin.gender.${member.gender}`)}${member.room_id ? ` · ${t('dorm_admin.sub.placed_in', { room: member.room_id })}` : ''}`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Button variant="contained" disabled={!chosen.length || assigning.isLoading}
          onClick={() => call(assign, { suborganization_id: org.id, member_ids: chosen }, () => setChosen([]))}>
          {t('dorm_admin.sub.assign', { count: chosen.length })}
        </Button>
      </CardContent>
    </Card>
  );
}

export default function SuborganizationsPage() {
  const { t } = useTranslation();
  const { data, isError } = useListSuborganizationsQuery();
  const [selected, setSelected] = useState(null);
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>{t('dorm_admin.sub.title')}</Typography>
      <UploadCard />
      {isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {data && data.list.length === 0 && <Alert severity="info">{t('dorm_admin.sub.empty')}</Alert>}
      <List aria-label={t('dorm_admin.sub.title')}>
        {data && data.list.map((org) => (
          <ListItem key={org.id} disablePadding>
            <ListItemButton selected={selected && selected.id === org.id} onClick={() => setSelected(org)}>
              <ListItemText primary={`${org.name} (${org.code})`}
                secondary={t('dorm_admin.sub.stats', { members: org.members, reserved: org.reserved_places, placed: org.placed })} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {selected && <Members key={selected.id} org={selected} />}
    </>
  );
}
