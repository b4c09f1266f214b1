/* The larger catalogues of the staff screens in en only: chunk "catalogues-staff-en" (loadCatalogues in
 * ../index.js). Only the folders of STAFF_FOLDERS (./catalogueOf.js). */
import { catalogueOf } from './catalogueOf';

export default catalogueOf(
  import.meta.webpackContext('..', { recursive: true, regExp: /^\.\/(?:admin|adminChats|staff|secondFactor|resources|settingsContent|settings|staffFiles)\/en\.json$/ }),
);
