/* The dormitory hierarchy as resources (req §3): Hall > Building > Floor > Section > SectionRoom, and RoomType.
 * Everything else (fields, bounds, permissions, filters) comes from the registry metadata. */
import { defineResource } from '../../resources';
import RoomTypeMedia from './RoomTypeMedia';

export const roomTypeResource = defineResource('RoomType', {
  // capacity 1..10 (req §9) is a select; price is an integer ≥ 0 — both bounds come from the metadata.
  fields: { capacity: { widget: 'range' } },
  formExtra: RoomTypeMedia,
});

export const LEVELS = [
  { model: 'Hall', resource: defineResource('Hall'), segment: 'halls', param: 'hallId' },
  { model: 'Building', resource: defineResource('Building'), parentField: 'hall_id', segment: 'buildings', param: 'buildingId' },
  { model: 'Floor', resource: defineResource('Floor'), parentField: 'building_id', segment: 'floors', param: 'floorId' },
  { model: 'Section', resource: defineResource('Section'), parentField: 'floor_id', segment: 'sections', param: 'sectionId' },
  {
    model: 'SectionRoom',
    resource: defineResource('SectionRoom', { fields: { room_type_id: { allowCreate: true } } }),
    parentField: 'section_id',
  },
];

/** Path of the list at `depth` (0 = halls) below the given ancestor ids: base/dormitory/halls/1/buildings/2/... */
export function levelPath(base, ids) {
  const parts = [`${base}/dormitory`];
  ids.forEach((id, index) => parts.push(`${LEVELS[index].segment}/${id}`));
  return parts.join('/');
}
