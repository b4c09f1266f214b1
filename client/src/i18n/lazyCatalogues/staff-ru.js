/* The larger catalogues of the staff screens in ru only: chunk "catalogues-staff-ru" (loadCatalogues in
 * ../index.js). Only the folders of STAFF_FOLDERS (./catalogueOf.js). */
import { catalogueOf } from './catalogueOf';

export default catalogueOf(
  import.meta.webpackContext('..', { recursive: true, regExp: /^\.\/(?:admin|adminChats|staff|secondFactor|resources|settingsContent|settings|staffFiles)\/ru\.json$/ }),
);
