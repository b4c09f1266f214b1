/* DataGrid texts in the admin's language: MUI X ships Russian and English; Kazakh (and every text the grid shows
 * in these screens) comes from our catalogues so no untranslated text remains. */
import { enUS, ruRU } from '@mui/x-data-grid/locales';

const BASE = { ru: ruRU, en: enUS, kk: ruRU };

export function gridLocaleText(t, lng) {
  const base = (BASE[lng] || ruRU).components.MuiDataGrid.defaultProps.localeText;
  return {
    ...base,
    noRowsLabel: t('admin.grid.no_rows'),
    noResultsOverlayLabel: t('admin.grid.no_rows'),
    footerRowSelected: (count) => t('admin.grid.selected', { count }),
    footerTotalRows: t('admin.grid.total'),
    checkboxSelectionHeaderName: t('admin.grid.select'),
    checkboxSelectionSelectAllRows: t('admin.grid.select_all'),
    checkboxSelectionUnselectAllRows: t('admin.grid.unselect_all'),
    checkboxSelectionSelectRow: t('admin.grid.select_row'),
    checkboxSelectionUnselectRow: t('admin.grid.unselect_row'),
    columnHeaderSortIconLabel: t('admin.grid.sort'),
    paginationRowsPerPage: t('admin.grid.rows_per_page'),
    paginationDisplayedRows: ({ from, to, count }) => t('admin.grid.displayed_rows', { from, to, count }),
    paginationItemAriaLabel: (type) => t(`admin.grid.page_${type}`),
    MuiTablePagination: {
      labelRowsPerPage: t('admin.grid.rows_per_page'),
      labelDisplayedRows: ({ from, to, count }) => t('admin.grid.displayed_rows', { from, to, count }),
      getItemAriaLabel: (type) => t(`admin.grid.page_${type}`),
    },
  };
}
