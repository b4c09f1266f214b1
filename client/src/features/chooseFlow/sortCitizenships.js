import { KZ_CITIZENSHIP_NAME_EN } from '../../app/sessionSlice';

/** Kazakhstan first, the others in server order. */
export function sortCitizenships(list) {
  const items = Array.isArray(list) ? [...list] : [];
  const kz = items.filter((c) => c && c.name_en === KZ_CITIZENSHIP_NAME_EN);
  const others = items.filter((c) => c && c.name_en !== KZ_CITIZENSHIP_NAME_EN);
  return [...kz, ...others];
}
