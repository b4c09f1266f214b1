/* A queue's view kept in the URL (issue 12: a link reproduces it): page, size, sort, filters, the search (written
 * once the typing settles) and the open application panel (?application=id). */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useDebouncedValue from '../../components/useDebouncedValue';
import { searchParamsFromView, viewFromSearchParams } from './queues';

export default function useQueueView(shellKey) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams, shellKey), [searchParams, shellKey]);
  const [searchText, setSearchText] = useState(view.search);
  const debouncedSearch = useDebouncedValue(searchText, 350);
  const openId = Number(searchParams.get('application')) || null;

  /** Applies `changes` to the view; any change but paging goes back to page 1. The open panel stays open. */
  const update = (changes, { keepPage = false } = {}) => {
    const next = { ...view, ...changes };
    if (!keepPage) next.page = 1;
    const params = searchParamsFromView(next);
    if (openId && !('application' in changes)) params.application = String(openId);
    if (changes.application) params.application = String(changes.application);
    setSearchParams(params);
  };

  useEffect(() => {
    if (debouncedSearch !== view.search) update({ search: debouncedSearch });
    // Only a settled search changes the URL; other changes come through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  return {
    view,
    update,
    searchText,
    setSearchText,
    setFilter: (name, value) => update({ filters: { ...view.filters, [name]: value === '' ? undefined : value } }),
    openId,
    openPanel: (id) => update({ application: id }, { keepPage: true }),
    closePanel: () => setSearchParams(searchParamsFromView(view)),
  };
}
