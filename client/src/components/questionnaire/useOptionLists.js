/* SelectOption lists of several types at once (each a cached RTK Query entry, kept 10 minutes). */
import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { questionnaireApi } from './questionnaireApi';

function sameEntries(a, b) {
  if (a.length !== b.length) return false;
  return a.every((x, i) => x.data === b[i].data && x.status === b[i].status);
}

export default function useOptionLists(types) {
  const dispatch = useDispatch();
  const key = types.join('|');
  useEffect(() => {
    const subscriptions = key ? key.split('|').map((type) => dispatch(questionnaireApi.endpoints.getSelectOptions.initiate(type))) : [];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [dispatch, key]);

  const entries = useSelector(
    (state) => (key ? key.split('|') : []).map((type) => {
      const entry = questionnaireApi.endpoints.getSelectOptions.select(type)(state);
      return { type, data: entry.data, status: entry.status };
    }),
    sameEntries,
  );

  return useMemo(() => {
    const options = {};
    let loading = false;
    entries.forEach(({ type, data, status }) => {
      if (data) options[type] = data;
      else if (status !== 'rejected') loading = true;
    });
    return { options, loading };
  }, [entries]);
}
