import { useEffect } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { endpointsFor } from '../../api/generated';
import { useAdminShell } from '../../components/adminShell';
import { ResourceList, modelPluralLabel, rowTitle } from '../../resources';
import { LEVELS, levelPath } from './dormitoryResources';

const ID = /^[1-9]\d{0,17}$/;

/** Ancestor rows named by the URL (hall, building, floor, section), each fetched by id (cached). */
function useAncestors(ids) {
  const queries = LEVELS.slice(0, 4).map((level, index) =>
    // the number of hook calls is fixed (4): levels below the URL's depth are skipped
    endpointsFor(level.model).find.useQuery(
      { filters: { id: Number(ids[index]) } },
      { skip: index >= ids.length },
    ),
  );
  const used = queries.slice(0, ids.length);
  const loading = used.some((q) => q.isLoading || (q.isFetching && !q.data));
  const rows = used.map((q) => (q.data && q.data.list && q.data.list[0]) || null);
  const broken =
    !loading &&
    (used.some((q) => q.isError) ||
      rows.some((row, index) => !row || (index > 0 && row[LEVELS[index].parentField] !== rows[index - 1].id)));
  return { rows, loading, broken };
}

function Level() {
  const { t, i18n } = useTranslation();
  const shell = useAdminShell();
  const params = useParams();
  const ids = LEVELS.slice(0, 4)
    .map((level) => params[level.param])
    .filter((value) => value !== undefined);
  const valid = ids.every((id) => ID.test(id));
  const depth = ids.length;
  const level = LEVELS[depth];
  const { rows, loading, broken } = useAncestors(valid ? ids : []);
  const plural = modelPluralLabel(t, level.model);

  useEffect(() => {
    document.title = `${plural} — ${t('admin_shell.title')} — ${t('app.name')}`;
  }, [plural, t, i18n.language]);

  if (!valid) return <Navigate to={levelPath(shell.base, [])} replace />;

  const crumbs = [
    { key: 'root', label: modelPluralLabel(t, 'Hall'), to: levelPath(shell.base, []) },
    ...ids.map((id, index) => ({
      key: `${LEVELS[index].model}-${id}`,
      label: rows[index] ? rowTitle(rows[index], 'name', i18n.language) : `#${id}`,
      to: levelPath(shell.base, ids.slice(0, index + 1)),
    })),
  ];
  const parentId = depth > 0 ? Number(ids[depth - 1]) : null;

  return (
    <>
      <Breadcrumbs aria-label={t('dormitory.breadcrumbs')} sx={{ mb: 2 }} data-testid="dormitory-breadcrumbs">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Typography key={crumb.key} color="text.primary" aria-current="page" data-testid={`crumb-${index}`}>
              {crumb.label}
            </Typography>
          ) : (
            <Link key={crumb.key} component={RouterLink} to={crumb.to} underline="hover" data-testid={`crumb-${index}`}>
              {crumb.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
      {broken ? (
        <Alert severity="warning" data-testid="dormitory-wrong-path">
          {t('dormitory.wrong_path')}
        </Alert>
      ) : (
        !loading && (
          <ResourceList
            key={level.model}
            resource={level.resource}
            fixed={level.parentField ? { [level.parentField]: parentId } : undefined}
            rowLink={depth < 4 ? (row) => levelPath(shell.base, [...ids, row.id]) : undefined}
          />
        )
      )}
    </>
  );
}

function ToRoot() {
  const shell = useAdminShell();
  return <Navigate to={levelPath(shell.base, [])} replace />;
}

/** /admin[/kz]/dormitory/*: Hall → Building → Floor → Section → SectionRoom, children filtered by parent id. */
export default function DormitoryPage() {
  return (
    <Routes>
      <Route index element={<Level />} />
      <Route path="halls/:hallId" element={<Level />} />
      <Route path="halls/:hallId/buildings/:buildingId" element={<Level />} />
      <Route path="halls/:hallId/buildings/:buildingId/floors/:floorId" element={<Level />} />
      <Route path="halls/:hallId/buildings/:buildingId/floors/:floorId/sections/:sectionId" element={<Level />} />
      <Route path="*" element={<ToRoot />} />
    </Routes>
  );
}
