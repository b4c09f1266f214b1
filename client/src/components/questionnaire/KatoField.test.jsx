import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../testUtils';
import KatoField from './fields/KatoField';

test('the Kato tree loads children by parent_id ordered by name and answers the name path + id', async () => {
  const bodies = [];
  mockFetch(async (url, request) => {
    const body = await request.json();
    bodies.push(body);
    const parent = body.filters.parent_id;
    if (parent === null) return { body: { list: [{ id: 1, name_ru: 'Алматинская область', level: 1, parent_id: null }], total: 1 } };
    if (parent === 1) return { body: { list: [{ id: 11, name_ru: 'Талгарский район', level: 2, parent_id: 1 }], total: 1 } };
    return { body: { list: [], total: 0 } };
  });
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <KatoField
      field={{ key: 'residence_address', type: 'kato', id_field: 'residence_address_id' }}
      path="residence_address"
      value=""
      onChange={onChange}
      label="Адрес"
    />,
  );
  await user.click(screen.getByTestId('field-residence_address-open'));
  expect(await screen.findByRole('tree', { name: 'Выберите населённый пункт' })).toBeInTheDocument();
  expect(bodies[0]).toEqual({ filters: { parent_id: null }, params: { order: ['name_ru', 'id'] }, paginate: { page: 1, size: 500 } });
  await user.click(screen.getByRole('button', { name: 'Развернуть: Алматинская область' }));
  await user.click(await screen.findByTestId('kato-node-11'));
  expect(bodies[1].filters).toEqual({ parent_id: 1 });
  expect(onChange).toHaveBeenCalledWith('residence_address', 'Алматинская область, Талгарский район', { residence_address_id: 11 });
});
