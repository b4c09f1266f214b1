// Jest has no chunks: ../forms-ru.js is mapped here (client/jest.config.js); catalogues.js has every text.
import { extraCatalogues } from '../../catalogues';

export default extraCatalogues.ru;
