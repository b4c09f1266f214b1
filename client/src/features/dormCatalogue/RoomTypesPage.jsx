import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList, modelPluralLabel } from '../../resources';
import { roomTypeResource } from './dormitoryResources';

/** /admin[/kz]/room-types: room types (name, capacity 1..10, price) with their photos in the edit form. */
export default function RoomTypesPage() {
  const { t, i18n } = useTranslation();
  const plural = modelPluralLabel(t, 'RoomType');
  useEffect(() => {
    document.title = `${plural} — ${t('admin_shell.title')} — ${t('app.name')}`;
  }, [plural, t, i18n.language]);
  return <ResourceList resource={roomTypeResource} />;
}
