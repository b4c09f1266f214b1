/** The fields of the "fill data" form (POST /users/fill-data), shared by the notice and its lazily loaded form. */
export const FIELDS = ['last_name', 'first_name'];
