/* The link to /dormitory shown on the home page and /my-applications when the signed-in applicant may book a
 * dormitory place (issue 13): need_dorm and the stage the university sets (the server decides: GET /users/halls). */
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { useGetHallsQuery } from '../api/dormApi';
import { selectToken } from '../session/sessionSlice';

export default function DormitoryLink({ sx }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useSelector(selectToken));
  const { data } = useGetHallsQuery(undefined, { skip: !signedIn });
  if (!signedIn || !data || !data.eligible) return null;
  return (
    <Button component={RouterLink} to="/dormitory" variant="outlined" sx={sx} data-testid="dormitory-link">
      {t('dorm.link')}
    </Button>
  );
}
