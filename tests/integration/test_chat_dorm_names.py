"""The assistant's dormitory answer names room types in the reader's language and says what period each price
pays for (issue 23; decisions 0073, 0088)."""

from __future__ import annotations

from .test_chat import say, seeded, started  # noqa: F401  (seeded is a fixture)


def test_room_type_names_follow_the_language_and_prices_state_their_period(client, factories, seeded):  # noqa: F811
    room_type = factories.room_type(name="Двухместная", capacity=2, price=45000)
    room_type.name_en, room_type.name_kk, room_type.price_period = "Double room", "Екі орындық бөлме", "month"
    factories.db.session.commit()
    headers = factories.auth_headers(factories.applicant())
    chat_id = started(client, headers)
    en = say(client, headers, chat_id, "How much does a dormitory room cost?").get_json()
    assert en["sources"][0]["key"] == "dormitory:room_types", en
    assert "Double room (2 places): 45 000 ₸ per month" in en["reply"]
    ru = say(client, headers, chat_id, "Сколько стоит общежитие?").get_json()
    assert "Двухместная (2 мест): 45 000 ₸ в месяц" in ru["reply"]
