"""The dormitory admin through the browser (req §2 staff routes + admin modals, §3 dormitory hierarchy, §9 capacity).

An admin signs in, builds hall → building → floor → section → room with a new room type (capacity chosen from
1..10, price), uploads a room type photo (previewed through the authorised download), edits and deletes; rows
still referenced cannot be deleted (409 in the snackbar). Applicants are turned away from the admin shells.
"""

from __future__ import annotations

import re
import struct
import zlib

import pytest
from playwright.sync_api import expect

from server.models.dormitory import Building, Floor, Hall, RoomType, Section, SectionRoom

from .second_factor import pass_second_factor

PASSWORD = "staff-pass-2026"


def png_bytes(width: int = 4, height: int = 3) -> bytes:
    """A real (tiny) PNG, so the server's content check accepts it."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\x10\x60\xa0" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def sign_in(page, email, password, landing=r"/$", staff=False):
    page.goto("/auth")
    page.get_by_test_id("signin-email").fill(email)
    page.get_by_test_id("signin-password").fill(password)
    page.get_by_test_id("signin-submit").click()
    if staff:
        pass_second_factor(page, email)
    expect(page).to_have_url(re.compile(landing))


def make_admin(factories, db, role="Админ", email="dorm.admin@university.kz"):
    admin = factories.admin(role=role, email=email, password=PASSWORD)
    admin.citizenship_id = factories.citizenship().id  # no §6 choose-flow detour
    db.session.commit()
    return admin


def create_row(page, model, values, selects=None):
    """Opens the create modal of `model`, fills it and saves; waits until the modal has closed."""
    page.get_by_test_id(f"resource-create-{model}").click()
    dialog = page.get_by_test_id(f"resource-form-{model}")
    expect(dialog).to_be_visible()
    for field, value in values.items():
        dialog.get_by_test_id(f"field-{field}").fill(str(value))
    for field, value in (selects or {}).items():
        dialog.get_by_test_id(f"field-{field}").select_option(str(value))
    dialog.get_by_test_id("resource-save").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Запись добавлена")
    page.get_by_test_id("snackbar-success").get_by_role("button").click()  # close it before the next step


def choose_reference(page, dialog, field, search, option):
    """A reference field searches its parent model (debounced, paged): type part of the name, pick the match."""
    box = dialog.get_by_test_id(f"field-{field}")
    box.click()
    box.fill(search)
    page.get_by_role("option", name=option, exact=True).click()
    expect(box).to_have_value(option)


def row_id(db, model, **where) -> int:
    db.session.expire_all()
    return db.session.query(model).filter_by(**where).one().id


def test_admin_builds_edits_and_deletes_the_dormitory_hierarchy(page, factories, db):
    make_admin(factories, db)
    factories.gender(code="female", name_ru="Женский", name_en="Female", name_kk="Әйел")

    sign_in(page, "dorm.admin@university.kz", PASSWORD, landing=r"/admin$", staff=True)  # staff sign in to their shell
    menu = page.get_by_test_id("admin-menu")
    menu.get_by_test_id("admin-menu-dormitory").click()
    expect(page).to_have_url(re.compile(r"/admin/dormitory$"))
    expect(menu.get_by_test_id("admin-menu-dormitory")).to_have_text("Общежития")
    expect(menu.get_by_test_id("admin-menu-room_types")).to_have_text("Типы комнат")
    expect(menu.get_by_test_id("admin-logout")).to_be_visible()
    expect(page.get_by_role("heading", name="Общежития")).to_be_visible()

    # Hall → Building → Floor → Section, each opened from its parent's list (children filtered by parent id).
    create_row(page, "Hall", {"name": "Общежитие «Шаңырақ»"})
    hall_id = row_id(db, Hall, name="Общежитие «Шаңырақ»")
    page.get_by_test_id(f"resource-open-Hall-{hall_id}").click()
    expect(page).to_have_url(re.compile(rf"/admin/dormitory/halls/{hall_id}$"))
    expect(page.get_by_test_id("dormitory-breadcrumbs")).to_contain_text("Общежитие «Шаңырақ»")

    create_row(page, "Building", {"name": "Корпус А", "order": 1})
    building_id = row_id(db, Building, name="Корпус А")
    assert db.session.get(Building, building_id).hall_id == hall_id
    page.get_by_test_id(f"resource-open-Building-{building_id}").click()

    create_row(page, "Floor", {"name": "2 этаж", "order": 2})
    floor_id = row_id(db, Floor, name="2 этаж")
    page.get_by_test_id(f"resource-open-Floor-{floor_id}").click()

    create_row(page, "Section", {"name": "Секция 2Б"})
    section_id = row_id(db, Section, name="Секция 2Б")
    page.get_by_test_id(f"resource-open-Section-{section_id}").click()
    expect(page).to_have_url(
        re.compile(
            rf"/admin/dormitory/halls/{hall_id}/buildings/{building_id}/floors/{floor_id}/sections/{section_id}$"
        )
    )
    crumbs = page.get_by_test_id("dormitory-breadcrumbs")
    for text in ("Общежития", "Общежитие «Шаңырақ»", "Корпус А", "2 этаж", "Секция 2Б"):
        expect(crumbs).to_contain_text(text)
    expect(page.get_by_test_id("resource-empty-SectionRoom")).to_be_visible()

    # A room with a new room type, created from the room modal (the room type modal of §2).
    page.get_by_test_id("resource-create-SectionRoom").click()
    room_dialog = page.get_by_test_id("resource-form-SectionRoom")
    room_dialog.get_by_test_id("field-name").fill("201")
    room_dialog.get_by_test_id("field-room_type_id-create").click()
    type_dialog = page.get_by_test_id("resource-form-RoomType")
    expect(type_dialog).to_be_visible()
    capacity = type_dialog.get_by_test_id("field-capacity")
    options = capacity.locator("option").evaluate_all("(os) => os.map((o) => o.value).filter(Boolean)")
    assert options == [str(n) for n in range(1, 11)]  # req §9: capacity 1 to 10
    type_dialog.get_by_test_id("field-name").fill("Двухместная")
    capacity.select_option("2")
    type_dialog.get_by_test_id("field-price").fill("-1")
    type_dialog.get_by_test_id("resource-save").click()
    expect(type_dialog.get_by_text("Значение должно быть не меньше 0")).to_be_visible()
    type_dialog.get_by_test_id("field-price").fill("45000")
    type_dialog.get_by_test_id("resource-save").click()
    expect(type_dialog).to_be_hidden()
    room_type_id = row_id(db, RoomType, name="Двухместная")
    room_type = db.session.get(RoomType, room_type_id)
    assert (room_type.capacity, room_type.price) == (2, 45000)
    expect(room_dialog.get_by_test_id("field-room_type_id")).to_have_value("Двухместная")  # the new type is chosen
    # Reserved places above the capacity: the server's 400 shows under the field.
    room_dialog.get_by_test_id("field-external_reserved_places").select_option("3")
    room_dialog.get_by_test_id("resource-save").click()
    expect(room_dialog.locator("#resource-SectionRoom-external_reserved_places-helper-text")).to_have_text(
        "Забронированных мест должно быть от 0 до вместимости типа комнаты (2)"
    )
    assert db.session.query(SectionRoom).count() == 0
    room_dialog.get_by_test_id("field-external_reserved_places").select_option("1")
    choose_reference(page, room_dialog, "assigned_gender_id", "Жен", "Женский")
    room_dialog.get_by_test_id("resource-save").click()
    expect(room_dialog).to_be_hidden()
    room_id = row_id(db, SectionRoom, name="201")
    room = db.session.get(SectionRoom, room_id)
    assert (room.section_id, room.room_type_id, room.external_reserved_places) == (section_id, room_type_id, 1)
    row = page.get_by_test_id(f"resource-row-SectionRoom-{room_id}")
    expect(row).to_contain_text("Двухместная")
    expect(row).to_contain_text("Женский")

    # Edit the room (only the changed field is sent).
    page.get_by_test_id(f"resource-edit-SectionRoom-{room_id}").click()
    edit = page.get_by_test_id("resource-form-SectionRoom")
    expect(edit.get_by_test_id("field-name")).to_have_value("201")
    edit.get_by_test_id("field-name").fill("202")
    edit.get_by_test_id("resource-save").click()
    expect(edit).to_be_hidden()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Изменения сохранены")
    expect(row).to_contain_text("202")

    # Room types screen: edit capacity and price, upload a photo (preview through an object URL), reject non-images.
    page.get_by_test_id("admin-menu-room_types").click()
    expect(page).to_have_url(re.compile(r"/admin/room-types$"))
    type_row = page.get_by_test_id(f"resource-row-RoomType-{room_type_id}")
    expect(type_row).to_contain_text("Двухместная")
    page.get_by_test_id(f"resource-edit-RoomType-{room_type_id}").click()
    type_edit = page.get_by_test_id("resource-form-RoomType")
    expect(type_edit.get_by_test_id("room-type-media-empty")).to_be_visible()
    media_input = type_edit.get_by_test_id("room-type-media-input")
    media_input.set_input_files(files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("только изображения")
    media_input.set_input_files(files=[{"name": "fake.png", "mimeType": "image/png", "buffer": b"not an image"}])
    # the server checks the content: its localized message is shown
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Допускаются только изображения")
    media_input.set_input_files(files=[{"name": "room.png", "mimeType": "image/png", "buffer": png_bytes()}])
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Фото загружено")
    preview = type_edit.locator("[data-testid^='room-type-media-item-'] img")
    expect(preview).to_have_attribute("src", re.compile(r"^blob:"))
    assert preview.evaluate("(img) => img.complete && img.naturalWidth") == 4
    type_edit.get_by_test_id("field-capacity").select_option("3")
    type_edit.get_by_test_id("field-price").fill("50000")
    type_edit.get_by_test_id("resource-save").click()
    expect(type_edit).to_be_hidden()
    db.session.expire_all()
    room_type = db.session.get(RoomType, room_type_id)
    assert (room_type.capacity, room_type.price) == (3, 50000)
    expect(type_row).to_contain_text("50")

    # A room type still used by a room cannot be deleted (409 → snackbar); the confirmation comes first.
    page.get_by_test_id(f"resource-delete-RoomType-{room_type_id}").click()
    confirm = page.get_by_role("alertdialog")
    expect(confirm).to_contain_text("Двухместная")
    confirm.get_by_test_id("delete-confirm").click()
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Нельзя удалить")
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Комната: 1")
    assert db.session.get(RoomType, room_type_id) is not None

    # Back down the hierarchy through the breadcrumbs; delete the room, then the room type goes too.
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/sections/{section_id}$"))
    page.get_by_test_id(f"resource-delete-SectionRoom-{room_id}").click()
    page.get_by_role("alertdialog").get_by_test_id("delete-cancel").click()
    expect(page.get_by_test_id(f"resource-row-SectionRoom-{room_id}")).to_be_visible()
    page.get_by_test_id(f"resource-delete-SectionRoom-{room_id}").click()
    page.get_by_role("alertdialog").get_by_test_id("delete-confirm").click()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Запись удалена")
    expect(page.get_by_test_id(f"resource-row-SectionRoom-{room_id}")).to_have_count(0)
    db.session.expire_all()
    assert db.session.get(SectionRoom, room_id) is None

    page.get_by_test_id("dormitory-breadcrumbs").get_by_role("link", name="Общежития").click()
    expect(page).to_have_url(re.compile(r"/admin/dormitory$"))
    page.get_by_test_id(f"resource-delete-Hall-{hall_id}").click()
    page.get_by_role("alertdialog").get_by_test_id("delete-confirm").click()
    expect(page.get_by_test_id("snackbar-error")).to_contain_text("Корпус")  # the hall still has a building
    db.session.expire_all()
    assert db.session.get(Hall, hall_id) is not None

    page.get_by_test_id("admin-menu-room_types").click()
    page.get_by_test_id(f"resource-delete-RoomType-{room_type_id}").click()
    page.get_by_role("alertdialog").get_by_test_id("delete-confirm").click()
    expect(page.get_by_test_id("snackbar-success")).to_contain_text("Запись удалена")
    db.session.expire_all()
    assert db.session.get(RoomType, room_type_id) is None

    page.get_by_test_id("admin-logout").click()
    expect(page).to_have_url(re.compile(r"/auth$"))


def test_citizens_admin_reaches_the_same_screens_in_english(page, factories, db):
    make_admin(factories, db, role="Админ (граждане КЗ)", email="kz.admin@university.kz")
    factories.room_type(name="Quad", capacity=4, price=30000)
    sign_in(page, "kz.admin@university.kz", PASSWORD, landing=r"/admin/kz$", staff=True)
    page.get_by_test_id("admin-menu-dormitory").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/dormitory$"))
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_role("heading", name="Residence halls")).to_be_visible()
    page.get_by_test_id("admin-menu-room_types").click()
    expect(page).to_have_url(re.compile(r"/admin/kz/room-types$"))
    expect(page.get_by_role("table", name="Room types — list")).to_contain_text("Quad")
    # The foreign applicants' shell is not theirs.
    page.goto("/admin/dormitory")
    expect(page).to_have_url(re.compile(r"/$"))


@pytest.mark.parametrize("path", ["/admin/dormitory", "/admin/kz/dormitory", "/admin/room-types", "/admin"])
def test_applicant_cannot_reach_the_admin_screens(page, factories, path):
    factories.user(email="student@example.com", citizenship=factories.citizenship())
    sign_in(page, "student@example.com", "Qabyldau-pass-2026")
    expect(page.get_by_test_id("admin-link")).to_have_count(0)
    page.goto(path)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("admin-menu")).to_have_count(0)
