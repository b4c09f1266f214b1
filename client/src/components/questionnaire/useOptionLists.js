/* SelectOption lists of several types at once (each a cached entry of the generated SelectOption find-paginate,
 * kept 10 minutes; an admin edit of an option invalidates them through the model's tags). */
import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { rowsOf } from '../../api/listAnswer';
import { optionListBody, optionListEndpoint } from './questionnaireApi';

function sameEntries(a, b) {
  if (a.length !== b.length) return false;
  return a.every((x, i) => x.data === b[i].data && x.status === b[i].status);
}

export default function useOptionLists(types) {
  const dispatch = useDispatch();
  const key = types.join('|');
  useEffect(() => {
    const subscriptions = key ? key.split('|').map((type) => dispatch(optionListEndpoint.initiate(optionListBody(type)))) : [];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [dispatch, key]);

  const entries = useSelector(
    (state) => (key ? key.split('|') : []).map((type) => {
      const entry = optionListEndpoint.select(optionListBody(type))(state);
      return { type, data: entry.data, status: entry.status };
    }),
    sameEntries,
  );

  return useMemo(() => {
    const options = {};
    let loading = false;
    entries.forEach(({ type, data, status }) => {
      if (data) options[type] = rowsOf(data);
      else if (status !== 'rejected') loading = true;
    });
    return { options, loading };
  }, [entries]);
}
