/* Settings → study programmes (issue 23, decision 0087): the generic model screen of StudyProgram (names in three
 * languages, degree, kind, order, additional_data.is_hidden) — the same list, search, paging and forms as the
 * dormitory catalogues; the generic model API checks the admin role and audits each write. */
import { useTranslation } from 'react-i18next';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { ResourceList, defineResource } from '../../resources';

const studyProgramResource = defineResource('StudyProgram');

export default function StudyProgramsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings_content.programs.title'), t('admin_shell.title'));
  return <ResourceList resource={studyProgramResource} title={t('settings_content.programs.title')} />;
}
