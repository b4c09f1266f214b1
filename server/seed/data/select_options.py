"""Option lists of the questionnaire, as SelectOption rows (req §3: type = `<formKey>_<field>`).

Each list: OPTION_TYPE -> [(code, name_ru, name_kk, name_en, additional_data)]. `code` is the natural key and never
changes once released; the seeder upserts by (type, code). Placeholders in additional_data resolved by the seeder:
  study_program_codes        -> study_programs (StudyProgram ids) and study_program_id (the first one)
  hide_in_study_program_codes -> study_programs_to_hide_in (StudyProgram ids)
  parent                     -> parent_id ((option type, code) of another option)
Countries of residence and embassies are generated from Babel in server/seed/select_options.py.
Sources of the vocabularies: docs/decisions/0010-reference-vocabulary.md.
"""

from __future__ import annotations

# ----- form keys and the option types they use (one vocabulary = one type; forms that share a vocabulary share it)
MARITAL_STATUS = "fillStepMainInfo_marital_status"
NATIONALITY = "fillStepMainInfo_nationality"
IDENTITY_DOCUMENT_TYPE = "fillStepDocuments_identity_document_type"
MILITARY_DOCUMENT_TYPE = "fillStepDocuments_military_document_type"
EDUCATION_LEVEL = "fillStepEducation_education_level"
EDUCATION_DOCUMENT_TYPE = "fillStepEducation_education_document_type"
EDUCATION_LANGUAGE = "fillStepEducation_education_language"
EDUCATION_INSTITUTION_TYPE = "fillStepEducation_education_institution_type"
FOREIGN_LANGUAGE = "fillStepEducation_language_option"
FOREIGN_LANGUAGE_LEVEL = "fillStepEducation_level_option"
CONFIRMATION_DOCUMENT_TYPE = "fillStepEducation_confirmation_document_type"
SOCIAL_CATEGORY = "fillStepSocialCategories_social_category"
SCHOLARSHIP_TYPE = "fillStepScholarships_scholarship_type"
AWARD_TYPE = "fillStepAwards_award_type"
EXAMINATION_TYPE = "fillStepAdditionalInfoLocal_examination_type"
DEGREE = "fillStepAdditionalInfo_degree"
FORM_OF_EDUCATION = "fillStepAdditionalInfo_form_of_education"
EDUCATIONAL_PROGRAM = "fillStepAdditionalInfo_educational_program"
PARENT_TYPE = "fillStepParents_parent_type"
COUNTRY_OF_RESIDENCE = "fillStepImmigration_country_of_residence"
EMBASSY = "fillStepImmigration_which_embassy"

# Study-program families (StudyProgram.code, seeded in server/seed/reference.py).
_MASTERS = ["masters_scientific", "masters_specialized", "masters_joint_nbk", "mba", "emba"]
_DOCTORAL = ["phd", "dba"]

MARITAL_STATUSES = [
    ("single", "Не женат / не замужем", "Үйленбеген / тұрмысқа шықпаған", "Single", {}),
    ("married", "Женат / замужем", "Үйленген / тұрмыста", "Married", {}),
    ("divorced", "Разведён / разведена", "Ажырасқан", "Divorced", {}),
    ("widowed", "Вдовец / вдова", "Жесір", "Widowed", {}),
]

NATIONALITIES = [
    ("kazakh", "Казах", "Қазақ", "Kazakh", {}),
    ("russian", "Русский", "Орыс", "Russian", {}),
    ("uzbek", "Узбек", "Өзбек", "Uzbek", {}),
    ("ukrainian", "Украинец", "Украин", "Ukrainian", {}),
    ("uyghur", "Уйгур", "Ұйғыр", "Uyghur", {}),
    ("tatar", "Татарин", "Татар", "Tatar", {}),
    ("german", "Немец", "Неміс", "German", {}),
    ("korean", "Кореец", "Корей", "Korean", {}),
    ("turkish", "Турок", "Түрік", "Turkish", {}),
    ("azerbaijani", "Азербайджанец", "Әзірбайжан", "Azerbaijani", {}),
    ("belarusian", "Белорус", "Белорус", "Belarusian", {}),
    ("dungan", "Дунганин", "Дүнген", "Dungan", {}),
    ("kurdish", "Курд", "Күрд", "Kurdish", {}),
    ("tajik", "Таджик", "Тәжік", "Tajik", {}),
    ("kyrgyz", "Кыргыз", "Қырғыз", "Kyrgyz", {}),
    ("turkmen", "Туркмен", "Түрікмен", "Turkmen", {}),
    ("polish", "Поляк", "Поляк", "Polish", {}),
    ("chechen", "Чеченец", "Шешен", "Chechen", {}),
    ("ingush", "Ингуш", "Ингуш", "Ingush", {}),
    ("bashkir", "Башкир", "Башқұрт", "Bashkir", {}),
    ("chuvash", "Чуваш", "Шуваш", "Chuvash", {}),
    ("mordvin", "Мордвин", "Мордва", "Mordvin", {}),
    ("moldovan", "Молдаванин", "Молдаван", "Moldovan", {}),
    ("armenian", "Армянин", "Армян", "Armenian", {}),
    ("georgian", "Грузин", "Грузин", "Georgian", {}),
    ("greek", "Грек", "Грек", "Greek", {}),
    ("jewish", "Еврей", "Еврей", "Jewish", {}),
    ("chinese", "Китаец", "Қытай", "Chinese", {}),
    ("mongolian", "Монгол", "Моңғол", "Mongolian", {}),
    ("afghan", "Афганец", "Ауған", "Afghan", {}),
    ("indian", "Индиец", "Үнді", "Indian", {}),
    ("pakistani", "Пакистанец", "Пәкістандық", "Pakistani", {}),
    ("persian", "Перс", "Парсы", "Persian", {}),
    ("arab", "Араб", "Араб", "Arab", {}),
    ("other", "Другая национальность", "Басқа ұлт", "Other nationality", {}),
]

IDENTITY_DOCUMENT_TYPES = [
    (
        "id_card",
        "Удостоверение личности гражданина РК",
        "ҚР азаматының жеке куәлігі",
        "Identity card of a citizen of Kazakhstan",
        {"for_citizens": True},
    ),
    (
        "passport_kz",
        "Паспорт гражданина РК",
        "ҚР азаматының паспорты",
        "Passport of a citizen of Kazakhstan",
        {"for_citizens": True},
    ),
    ("birth_certificate", "Свидетельство о рождении", "Туу туралы куәлік", "Birth certificate", {"for_citizens": True}),
    (
        "foreign_passport",
        "Паспорт иностранного государства",
        "Шет мемлекеттің паспорты",
        "Foreign passport",
        {"for_citizens": False},
    ),
    (
        "residence_permit",
        "Вид на жительство иностранца в РК",
        "Шетелдіктің ҚР-да тұруға ықтиярхаты",
        "Residence permit of a foreigner in Kazakhstan",
        {"for_citizens": False},
    ),
    (
        "stateless_certificate",
        "Удостоверение лица без гражданства",
        "Азаматтығы жоқ адамның куәлігі",
        "Stateless person's certificate",
        {"for_citizens": False},
    ),
    ("kandas_certificate", "Удостоверение кандаса", "Қандас куәлігі", "Kandas certificate", {"for_citizens": False}),
]

MILITARY_DOCUMENT_TYPES = [
    (
        "registration_certificate",
        "Удостоверение о приписке к призывному участку",
        "Шақыру учаскесіне тіркелу туралы куәлік",
        "Certificate of registration at a conscription station",
        {},
    ),
    ("military_id", "Военный билет", "Әскери билет", "Military ID", {}),
    (
        "temporary_military_id",
        "Временное удостоверение, выданное взамен военного билета",
        "Әскери билеттің орнына берілген уақытша куәлік",
        "Temporary certificate issued in place of a military ID",
        {},
    ),
    (
        "reserve_officer_id",
        "Военный билет офицера запаса",
        "Запастағы офицердің әскери билеті",
        "Reserve officer's military ID",
        {},
    ),
    ("not_liable", "Не состою на воинском учёте", "Әскери есепте тұрмаймын", "Not registered for military service", {}),
]

# Education level -> the education document type it sets automatically (req §4: Secondary gives Certificate).
EDUCATION_LEVELS = [
    (
        "secondary",
        "Общее среднее образование",
        "Жалпы орта білім",
        "Secondary education",
        {"education_document_type": "certificate", "hide_in_study_program_codes": _MASTERS + _DOCTORAL},
    ),
    (
        "tvet",
        "Техническое и профессиональное образование",
        "Техникалық және кәсіптік білім",
        "Technical and vocational education",
        {"education_document_type": "diploma", "hide_in_study_program_codes": _MASTERS + _DOCTORAL},
    ),
    (
        "post_secondary",
        "Послесреднее образование",
        "Орта білімнен кейінгі білім",
        "Post-secondary education",
        {"education_document_type": "diploma", "hide_in_study_program_codes": _MASTERS + _DOCTORAL},
    ),
    (
        "higher",
        "Высшее образование (бакалавриат)",
        "Жоғары білім (бакалавриат)",
        "Higher education (bachelor's degree)",
        {"education_document_type": "diploma", "hide_in_study_program_codes": _DOCTORAL},
    ),
    (
        "postgraduate",
        "Послевузовское образование (магистратура)",
        "Жоғары оқу орнынан кейінгі білім (магистратура)",
        "Postgraduate education (master's degree)",
        {"education_document_type": "diploma"},
    ),
]

EDUCATION_DOCUMENT_TYPES = [
    ("certificate", "Аттестат", "Аттестат", "Certificate", {"education_levels": ["secondary"]}),
    (
        "diploma",
        "Диплом",
        "Диплом",
        "Diploma",
        {"education_levels": ["tvet", "post_secondary", "higher", "postgraduate"]},
    ),
]

EDUCATION_LANGUAGES = [
    ("kk", "Казахский", "Қазақ тілі", "Kazakh", {}),
    ("ru", "Русский", "Орыс тілі", "Russian", {}),
    ("en", "Английский", "Ағылшын тілі", "English", {}),
    ("other", "Другой язык", "Басқа тіл", "Other language", {}),
]

EDUCATION_INSTITUTION_TYPES = [
    ("school", "Школа", "Мектеп", "School", {}),
    ("lyceum", "Лицей", "Лицей", "Lyceum", {}),
    ("gymnasium", "Гимназия", "Гимназия", "Gymnasium", {}),
    ("college", "Колледж", "Колледж", "College", {}),
    ("university", "Высшее учебное заведение", "Жоғары оқу орны", "University", {}),
    ("other", "Другое учебное заведение", "Басқа оқу орны", "Other institution", {}),
]

# Req §9: Kazakh, Russian, English, Italian, Spanish, German, French, Chinese.
FOREIGN_LANGUAGES = [
    ("kk", "Казахский", "Қазақ тілі", "Kazakh", {}),
    ("ru", "Русский", "Орыс тілі", "Russian", {}),
    ("en", "Английский", "Ағылшын тілі", "English", {}),
    ("it", "Итальянский", "Итальян тілі", "Italian", {}),
    ("es", "Испанский", "Испан тілі", "Spanish", {}),
    ("de", "Немецкий", "Неміс тілі", "German", {}),
    ("fr", "Французский", "Француз тілі", "French", {}),
    ("zh", "Китайский", "Қытай тілі", "Chinese", {}),
]

# CEFR levels and native speaker.
FOREIGN_LANGUAGE_LEVELS = [
    ("A1", "A1 — начальный", "A1 — бастапқы", "A1 — Beginner", {}),
    ("A2", "A2 — элементарный", "A2 — қарапайым", "A2 — Elementary", {}),
    ("B1", "B1 — средний", "B1 — орта", "B1 — Intermediate", {}),
    ("B2", "B2 — выше среднего", "B2 — ортадан жоғары", "B2 — Upper intermediate", {}),
    ("C1", "C1 — продвинутый", "C1 — жоғары", "C1 — Advanced", {}),
    ("C2", "C2 — в совершенстве", "C2 — еркін меңгеру", "C2 — Proficiency", {}),
    ("native", "Родной язык", "Ана тілі", "Native speaker", {}),
]


def _lang(code: str) -> dict:
    return {"parent": (FOREIGN_LANGUAGE, code), "language": code}


CONFIRMATION_DOCUMENT_TYPES = [
    ("ielts", "IELTS", "IELTS", "IELTS", _lang("en")),
    ("toefl_ibt", "TOEFL iBT", "TOEFL iBT", "TOEFL iBT", _lang("en")),
    ("duolingo", "Duolingo English Test", "Duolingo English Test", "Duolingo English Test", _lang("en")),
    (
        "cambridge",
        "Cambridge English (B2 First, C1 Advanced, C2 Proficiency)",
        "Cambridge English (B2 First, C1 Advanced, C2 Proficiency)",
        "Cambridge English (B2 First, C1 Advanced, C2 Proficiency)",
        _lang("en"),
    ),
    ("kaztest", "КАЗТЕСТ", "ҚАЗТЕСТ", "KAZTEST", _lang("kk")),
    (
        "torfl",
        "ТРКИ (тест по русскому языку как иностранному)",
        "ТРКИ (орыс тілі шет тілі ретінде тесті)",
        "TORFL (Test of Russian as a Foreign Language)",
        _lang("ru"),
    ),
    ("celi", "CELI / CILS", "CELI / CILS", "CELI / CILS", _lang("it")),
    ("dele", "DELE", "DELE", "DELE", _lang("es")),
    ("testdaf", "TestDaF", "TestDaF", "TestDaF", _lang("de")),
    ("goethe", "Goethe-Zertifikat", "Goethe-Zertifikat", "Goethe-Zertifikat", _lang("de")),
    ("delf_dalf", "DELF / DALF", "DELF / DALF", "DELF / DALF", _lang("fr")),
    ("hsk", "HSK", "HSK", "HSK", _lang("zh")),
    (
        "education_document",
        "Документ об образовании на этом языке",
        "Осы тілдегі білім туралы құжат",
        "Education document in this language",
        {},
    ),
    ("other_certificate", "Другой сертификат", "Басқа сертификат", "Other certificate", {}),
    ("none", "Без подтверждающего документа", "Растайтын құжатсыз", "No confirmation document", {"no_document": True}),
]


def _doc(code: str, ru: str, kk: str, en: str, optional: bool = False) -> dict:
    return {"code": code, "name_ru": ru, "name_kk": kk, "name_en": en, "optional": optional}


_DISABILITY_DOCS = [
    _doc(
        "disability_certificate",
        "Справка об установлении инвалидности",
        "Мүгедектікті белгілеу туралы анықтама",
        "Certificate of disability",
    ),
    _doc(
        "no_contraindications",
        "Заключение медико-социальной экспертизы об отсутствии противопоказаний к обучению",
        "Оқуға қарсы көрсетілімдердің жоқтығы туралы медициналық-әлеуметтік сараптама қорытындысы",
        "Medical and social expertise opinion on the absence of contraindications to study",
    ),
]

# Admission quota categories of Kazakhstan (Government Decree No. 264 of 28.02.2012 on the admission quota, as amended;
# Model admission rules, order of the Minister of Education No. 600 of 31.10.2018). `documents` are the supporting
# documents the applicant uploads; additional_count is their number.
SOCIAL_CATEGORIES = [
    (
        "disability_1_2",
        "Лица с инвалидностью I и II групп",
        "I және II топтағы мүгедектігі бар адамдар",
        "Persons with disabilities of groups I and II",
        {"documents": _DISABILITY_DOCS},
    ),
    (
        "disabled_since_childhood",
        "Лица с инвалидностью с детства, дети с инвалидностью",
        "Бала кезінен мүгедектігі бар адамдар, мүгедектігі бар балалар",
        "Persons disabled since childhood, children with disabilities",
        {"documents": _DISABILITY_DOCS},
    ),
    (
        "orphans",
        "Дети-сироты и дети, оставшиеся без попечения родителей",
        "Жетім балалар және ата-анасының қамқорлығынсыз қалған балалар",
        "Orphans and children left without parental care",
        {
            "documents": [
                _doc(
                    "orphan_status",
                    "Документ, подтверждающий статус сироты (решение органа опеки и попечительства)",
                    "Жетім мәртебесін растайтын құжат (қорғаншылық және қамқоршылық органының шешімі)",
                    "Document confirming orphan status (decision of the guardianship authority)",
                ),
                _doc(
                    "parents_death_certificates",
                    "Свидетельства о смерти родителей",
                    "Ата-анасының қайтыс болғаны туралы куәліктер",
                    "Death certificates of the parents",
                    optional=True,
                ),
            ]
        },
    ),
    (
        "large_family",
        "Дети из многодетных семей",
        "Көп балалы отбасылардың балалары",
        "Children from large families",
        {
            "documents": [
                _doc(
                    "family_composition",
                    "Справка о составе семьи",
                    "Отбасы құрамы туралы анықтама",
                    "Certificate of family composition",
                ),
                _doc(
                    "large_family_status",
                    "Документ, подтверждающий статус многодетной семьи",
                    "Көп балалы отбасы мәртебесін растайтын құжат",
                    "Document confirming large family status",
                ),
            ]
        },
    ),
    (
        "family_with_disabled_child",
        "Дети из семей, в которых воспитывается ребёнок с инвалидностью",
        "Мүгедектігі бар бала тәрбиеленіп отырған отбасылардың балалары",
        "Children from families raising a child with disabilities",
        {
            "documents": [
                _doc(
                    "family_composition",
                    "Справка о составе семьи",
                    "Отбасы құрамы туралы анықтама",
                    "Certificate of family composition",
                ),
                _doc(
                    "family_member_disability",
                    "Справка об инвалидности члена семьи",
                    "Отбасы мүшесінің мүгедектігі туралы анықтама",
                    "Certificate of disability of the family member",
                ),
            ]
        },
    ),
    (
        "kandas",
        "Лица казахской национальности, не являющиеся гражданами РК (кандасы)",
        "Қазақстан Республикасының азаматы болып табылмайтын қазақ ұлтының адамдары (қандастар)",
        "Ethnic Kazakhs who are not citizens of Kazakhstan (kandas)",
        {
            "documents": [
                _doc("kandas_certificate", "Удостоверение кандаса", "Қандас куәлігі", "Kandas certificate"),
                _doc(
                    "nationality_document",
                    "Документ, подтверждающий казахскую национальность",
                    "Қазақ ұлтын растайтын құжат",
                    "Document confirming Kazakh ethnicity",
                    optional=True,
                ),
            ]
        },
    ),
    (
        "rural_youth",
        "Сельская молодёжь (специальности, определяющие социально-экономическое развитие села)",
        "Ауыл жастары (ауылдың әлеуметтік-экономикалық дамуын айқындайтын мамандықтар)",
        "Rural youth (programmes that drive the development of rural areas)",
        {
            "documents": [
                _doc(
                    "rural_residence",
                    "Справка о проживании в сельской местности",
                    "Ауылдық жерде тұратыны туралы анықтама",
                    "Certificate of residence in a rural area",
                ),
            ]
        },
    ),
    (
        "veterans_families",
        "Лица, приравненные по льготам к участникам войны и ветеранам боевых действий, и члены их семей",
        "Жеңілдіктер бойынша соғысқа қатысушыларға және ұрыс қимылдарының ардагерлеріне теңестірілген адамдар және олардың отбасы мүшелері",
        "Persons equated to war participants and combat veterans, and members of their families",
        {
            "documents": [
                _doc(
                    "veteran_certificate",
                    "Удостоверение участника (ветерана) или лица, приравненного к нему",
                    "Қатысушының (ардагердің) немесе оған теңестірілген адамның куәлігі",
                    "Certificate of the participant (veteran) or of a person equated to one",
                ),
                _doc(
                    "kinship_document",
                    "Документ, подтверждающий родство",
                    "Туыстықты растайтын құжат",
                    "Document confirming kinship",
                    optional=True,
                ),
            ]
        },
    ),
    (
        "serpin",
        "Молодёжь из трудоизбыточных регионов по программе «Серпін»",
        "«Серпін» бағдарламасы бойынша еңбек ресурстары артық өңірлердің жастары",
        "Youth from labour-surplus regions under the Serpin programme",
        {
            "documents": [
                _doc(
                    "address_certificate",
                    "Адресная справка",
                    "Мекенжай анықтамасы",
                    "Certificate of registered address",
                ),
            ]
        },
    ),
    # Choosing it clears the other categories (req §4).
    (
        "none",
        "Ни одна из перечисленных",
        "Аталғандардың ешқайсысы",
        "None of the above",
        {"documents": [], "exclusive": True},
    ),
]


def _sch(code: str, exempt: bool) -> dict:
    return {"code": code, "valid_till_exempt": exempt}


# Scholarship and grant types; the codes whose documents have no expiry (req §5) carry valid_till_exempt.
SCHOLARSHIP_TYPES = [
    (
        "1_1",
        "Государственный образовательный грант (по результатам ЕНТ / КТ)",
        "Мемлекеттік білім беру гранты (ҰБТ / КТ нәтижелері бойынша)",
        "State educational grant (by UNT / CT results)",
        _sch("1_1", True),
    ),
    (
        "1_2",
        "Государственный образовательный грант в рамках квоты",
        "Квота шеңберіндегі мемлекеттік білім беру гранты",
        "State educational grant within a quota",
        _sch("1_2", True),
    ),
    (
        "2_1",
        "Грант местного исполнительного органа (акимата)",
        "Жергілікті атқарушы органның (әкімдіктің) гранты",
        "Grant of a local executive body (akimat)",
        _sch("2_1", False),
    ),
    (
        "2_2",
        "Грант акимата по программе «Серпін»",
        "«Серпін» бағдарламасы бойынша әкімдік гранты",
        "Akimat grant under the Serpin programme",
        _sch("2_2", True),
    ),
    (
        "3_1",
        "Грант работодателя (целевая подготовка)",
        "Жұмыс берушінің гранты (нысаналы даярлау)",
        "Employer grant (targeted training)",
        _sch("3_1", False),
    ),
    (
        "4_1",
        "Грант фонда или благотворительной организации",
        "Қордың немесе қайырымдылық ұйымының гранты",
        "Grant of a foundation or charity",
        _sch("4_1", False),
    ),
    ("5_1", "Грант ректора университета", "Университет ректорының гранты", "Rector's grant", _sch("5_1", True)),
    (
        "6_1",
        "Скидка работникам университета и их детям",
        "Университет қызметкерлері мен олардың балаларына жеңілдік",
        "Discount for university staff and their children",
        _sch("6_1", False),
    ),
    (
        "7_1",
        "Скидка для братьев и сестёр обучающихся",
        "Білім алушылардың бауырларына жеңілдік",
        "Discount for siblings of current students",
        _sch("7_1", False),
    ),
    (
        "8_1",
        "Скидка для выпускников университета",
        "Университет түлектеріне жеңілдік",
        "Discount for alumni of the university",
        _sch("8_1", False),
    ),
    (
        "9_1",
        "Скидка для обладателей знака «Алтын белгі»",
        "«Алтын белгі» иегерлеріне жеңілдік",
        "Discount for Altyn Belgi holders",
        _sch("9_1", False),
    ),
    (
        "10_1",
        "Скидка по результатам вступительных испытаний",
        "Түсу емтихандарының нәтижелері бойынша жеңілдік",
        "Discount by entrance examination results",
        _sch("10_1", False),
    ),
    (
        "11_1",
        "Грант победителям олимпиад и научных конкурсов",
        "Олимпиадалар мен ғылыми байқаулар жеңімпаздарына грант",
        "Grant for winners of olympiads and science competitions",
        _sch("11_1", True),
    ),
    (
        "12_1",
        "Грант попечительского совета",
        "Қамқоршылық кеңестің гранты",
        "Board of Trustees grant",
        _sch("12_1", True),
    ),
    (
        "13_1",
        "Скидка для детей из многодетных семей",
        "Көп балалы отбасылардың балаларына жеңілдік",
        "Discount for children from large families",
        _sch("13_1", False),
    ),
    (
        "14_1",
        "Скидка для лиц с инвалидностью",
        "Мүгедектігі бар адамдарға жеңілдік",
        "Discount for persons with disabilities",
        _sch("14_1", False),
    ),
    (
        "15_1",
        "Грант для детей-сирот и детей, оставшихся без попечения родителей",
        "Жетім балалар мен ата-анасының қамқорлығынсыз қалған балаларға арналған грант",
        "Grant for orphans and children left without parental care",
        _sch("15_1", True),
    ),
    ("16_1", "Спортивный грант", "Спорттық грант", "Sports grant", _sch("16_1", False)),
    (
        "17_1",
        "Грант Национального Банка РК (совместная магистратура)",
        "ҚР Ұлттық Банкінің гранты (бірлескен магистратура)",
        "National Bank of Kazakhstan grant (joint master's programme)",
        _sch("17_1", True),
    ),
    (
        "17_2",
        "Грант партнёра по совместной образовательной программе",
        "Бірлескен білім беру бағдарламасы серіктесінің гранты",
        "Partner grant for a joint educational programme",
        _sch("17_2", True),
    ),
    (
        "17_3",
        "Корпоративный грант партнёра университета",
        "Университет серіктесінің корпоративтік гранты",
        "Corporate grant of a university partner",
        _sch("17_3", False),
    ),
]

AWARD_TYPES = [
    ("altyn_belgi", "Знак «Алтын белгі»", "«Алтын белгі» белгісі", "Altyn Belgi badge", {"code": "altyn_belgi"}),
    (
        "certificate_with_honours",
        "Аттестат с отличием",
        "Үздік аттестат",
        "Certificate with honours",
        {"code": "certificate_with_honours"},
    ),
    (
        "diploma_with_honours",
        "Диплом с отличием",
        "Үздік диплом",
        "Diploma with honours",
        {"code": "diploma_with_honours"},
    ),
    (
        "international_olympiad",
        "Победитель или призёр международной олимпиады",
        "Халықаралық олимпиаданың жеңімпазы немесе жүлдегері",
        "Winner or medallist of an international olympiad",
        {"code": "international_olympiad"},
    ),
    (
        "republican_olympiad",
        "Победитель или призёр республиканской олимпиады",
        "Республикалық олимпиаданың жеңімпазы немесе жүлдегері",
        "Winner or medallist of a national olympiad",
        {"code": "republican_olympiad"},
    ),
    (
        "regional_olympiad",
        "Победитель или призёр областной (городской) олимпиады",
        "Облыстық (қалалық) олимпиаданың жеңімпазы немесе жүлдегері",
        "Winner or medallist of a regional (city) olympiad",
        {"code": "regional_olympiad"},
    ),
    (
        "science_projects",
        "Победитель конкурса научных проектов",
        "Ғылыми жобалар байқауының жеңімпазы",
        "Winner of a science project competition",
        {"code": "science_projects"},
    ),
    (
        "sports",
        "Спортивные достижения (мастер спорта, кандидат в мастера спорта)",
        "Спорттық жетістіктер (спорт шебері, спорт шеберлігіне үміткер)",
        "Sports achievements (Master of Sports, Candidate Master of Sports)",
        {"code": "sports"},
    ),
    (
        "arts_contest",
        "Победитель творческого конкурса",
        "Шығармашылық байқаудың жеңімпазы",
        "Winner of an arts competition",
        {"code": "arts_contest"},
    ),
    ("other", "Другая награда", "Басқа марапат", "Other award", {"code": "other"}),
]

# Medical examinations (req §5: the date is exempt for the 063 check-up;
# the issuer is omitted for one occupational exam).
EXAMINATION_TYPES = [
    (
        "form_075",
        "Медицинская справка (форма 075/у)",
        "Медициналық анықтама (075/у нысаны)",
        "Medical certificate (form 075/у)",
        {"code": "075"},
    ),
    (
        "form_063",
        "Карта профилактических прививок (форма 063/у)",
        "Профилактикалық екпелер картасы (063/у нысаны)",
        "Vaccination record (form 063/у)",
        {"code": "063", "date_exempt": True},
    ),
    ("fluorography", "Флюорография", "Флюорография", "Fluorography (chest X-ray)", {"code": "fluorography"}),
    (
        "occupational",
        "Предварительный медицинский осмотр на профпригодность",
        "Кәсіби жарамдылыққа алдын ала медициналық тексеру",
        "Pre-admission occupational fitness examination",
        {"code": "occupational", "issuer_omitted": True},
    ),
]

DEGREES = [
    ("bachelor", "Бакалавриат", "Бакалавриат", "Bachelor's degree", {"degree": "bachelor"}),
    ("master", "Магистратура", "Магистратура", "Master's degree", {"degree": "master"}),
    ("doctoral", "Докторантура", "Докторантура", "Doctoral", {"degree": "doctoral"}),
]

FORMS_OF_EDUCATION = [
    ("full_time", "Очная", "Күндізгі", "Full-time", {}),
    ("evening", "Вечерняя", "Кешкі", "Evening", {"hide_in_study_program_codes": _DOCTORAL}),
    (
        "part_time",
        "Заочная",
        "Сырттай",
        "Part-time (extramural)",
        {"hide_in_study_program_codes": ["masters_scientific", *_DOCTORAL]},
    ),
    (
        "online",
        "Дистанционная (онлайн)",
        "Қашықтықтан (онлайн)",
        "Distance (online)",
        {"hide_in_study_program_codes": ["masters_scientific", *_DOCTORAL]},
    ),
    (
        "blended",
        "Смешанная (очная и онлайн)",
        "Аралас (күндізгі және онлайн)",
        "Blended (on campus and online)",
        {"hide_in_study_program_codes": ["phd"]},
    ),
]


def _program(degree: str, study_programs: list[str], disabled: bool = False) -> dict:
    return {"degree": degree, "study_program_codes": study_programs, "disabled": disabled}


_B = ["bachelor"]
_M = ["masters_scientific", "masters_specialized"]

# Educational programs (classifier of training directions: 6B bachelor, 7M master, 8D doctoral; digits 2-4 are the
# field of education, e.g. 041 Business and management, 042 Law, 061 ICT). The name carries the code, as in the
# national register of educational programs.
_PROGRAMS = [
    ("6B04101", "Экономика", "Экономика", "Economics", _program("bachelor", _B)),
    ("6B04102", "Финансы", "Қаржы", "Finance", _program("bachelor", _B)),
    ("6B04103", "Учёт и аудит", "Есеп және аудит", "Accounting and Audit", _program("bachelor", _B)),
    ("6B04104", "Менеджмент", "Менеджмент", "Management", _program("bachelor", _B)),
    ("6B04105", "Маркетинг", "Маркетинг", "Marketing", _program("bachelor", _B)),
    (
        "6B04106",
        "Государственное и местное управление",
        "Мемлекеттік және жергілікті басқару",
        "Public and Local Administration",
        _program("bachelor", _B),
    ),
    ("6B04107", "Предпринимательство", "Кәсіпкерлік", "Entrepreneurship", _program("bachelor", _B)),
    ("6B04201", "Юриспруденция", "Құқықтану", "Law", _program("bachelor", _B)),
    ("6B04202", "Международное право", "Халықаралық құқық", "International Law", _program("bachelor", _B)),
    ("6B06101", "Информационные системы", "Ақпараттық жүйелер", "Information Systems", _program("bachelor", _B)),
    ("6B06102", "Программная инженерия", "Бағдарламалық инженерия", "Software Engineering", _program("bachelor", _B)),
    ("6B06103", "Наука о данных", "Деректер туралы ғылым", "Data Science", _program("bachelor", _B)),
    ("6B03101", "Социология", "Әлеуметтану", "Sociology", _program("bachelor", _B)),
    (
        "6B03102",
        "Международные отношения",
        "Халықаралық қатынастар",
        "International Relations",
        _program("bachelor", _B),
    ),
    (
        "6B11101",
        "Ресторанное дело и гостиничный бизнес",
        "Мейрамхана ісі және қонақ үй бизнесі",
        "Restaurant and Hotel Business",
        _program("bachelor", _B),
    ),
    ("6B11102", "Туризм", "Туризм", "Tourism", _program("bachelor", _B)),
    ("6B05201", "Экология", "Экология", "Ecology", _program("bachelor", _B, disabled=True)),
    ("7M04101", "Экономика", "Экономика", "Economics", _program("master", _M)),
    ("7M04102", "Финансы", "Қаржы", "Finance", _program("master", _M)),
    ("7M04103", "Учёт и аудит", "Есеп және аудит", "Accounting and Audit", _program("master", _M)),
    ("7M04104", "Менеджмент", "Менеджмент", "Management", _program("master", _M)),
    ("7M04105", "Маркетинг", "Маркетинг", "Marketing", _program("master", ["masters_specialized"])),
    (
        "7M04106",
        "Государственное и местное управление",
        "Мемлекеттік және жергілікті басқару",
        "Public and Local Administration",
        _program("master", _M),
    ),
    ("7M04107", "Центральный банкинг", "Орталық банкинг", "Central Banking", _program("master", ["masters_joint_nbk"])),
    (
        "7M04108",
        "Финансовый риск-менеджмент",
        "Қаржылық тәуекел-менеджмент",
        "Financial Risk Management",
        _program("master", ["masters_joint_nbk"]),
    ),
    (
        "7M04109",
        "Деловое администрирование (MBA)",
        "Іскерлік әкімшілендіру (MBA)",
        "Business Administration (MBA)",
        _program("master", ["mba"]),
    ),
    (
        "7M04110",
        "Деловое администрирование (Executive MBA)",
        "Іскерлік әкімшілендіру (Executive MBA)",
        "Business Administration (Executive MBA)",
        _program("master", ["emba"]),
    ),
    ("7M04201", "Юриспруденция", "Құқықтану", "Law", _program("master", _M)),
    ("7M06101", "Информационные системы", "Ақпараттық жүйелер", "Information Systems", _program("master", _M)),
    ("7M03101", "Социология", "Әлеуметтану", "Sociology", _program("master", ["masters_scientific"], disabled=True)),
    ("8D04101", "Экономика", "Экономика", "Economics", _program("doctoral", ["phd"])),
    ("8D04102", "Финансы", "Қаржы", "Finance", _program("doctoral", ["phd"])),
    ("8D04103", "Учёт и аудит", "Есеп және аудит", "Accounting and Audit", _program("doctoral", ["phd"])),
    ("8D04104", "Менеджмент", "Менеджмент", "Management", _program("doctoral", ["phd"])),
    (
        "8D04105",
        "Деловое администрирование (DBA)",
        "Іскерлік әкімшілендіру (DBA)",
        "Business Administration (DBA)",
        _program("doctoral", ["dba"]),
    ),
    ("8D04201", "Юриспруденция", "Құқықтану", "Law", _program("doctoral", ["phd"])),
    ("8D06101", "Информационные системы", "Ақпараттық жүйелер", "Information Systems", _program("doctoral", ["phd"])),
]
EDUCATIONAL_PROGRAMS = [
    (code, f"{code} {ru}", f"{code} {kk}", f"{code} {en}", {**data, "program_code": code})
    for code, ru, kk, en, data in _PROGRAMS
]

PARENT_TYPES = [
    ("mother", "Мать", "Ана", "Mother", {}),
    ("father", "Отец", "Әке", "Father", {}),
    ("guardian", "Опекун (попечитель)", "Қорғаншы (қамқоршы)", "Guardian", {}),
]

# Static lists in seeding order (options referred to through `parent` come first).
OPTION_LISTS: list[tuple[str, list]] = [
    (MARITAL_STATUS, MARITAL_STATUSES),
    (NATIONALITY, NATIONALITIES),
    (IDENTITY_DOCUMENT_TYPE, IDENTITY_DOCUMENT_TYPES),
    (MILITARY_DOCUMENT_TYPE, MILITARY_DOCUMENT_TYPES),
    (EDUCATION_LEVEL, EDUCATION_LEVELS),
    (EDUCATION_DOCUMENT_TYPE, EDUCATION_DOCUMENT_TYPES),
    (EDUCATION_LANGUAGE, EDUCATION_LANGUAGES),
    (EDUCATION_INSTITUTION_TYPE, EDUCATION_INSTITUTION_TYPES),
    (FOREIGN_LANGUAGE, FOREIGN_LANGUAGES),
    (FOREIGN_LANGUAGE_LEVEL, FOREIGN_LANGUAGE_LEVELS),
    (CONFIRMATION_DOCUMENT_TYPE, CONFIRMATION_DOCUMENT_TYPES),
    (SOCIAL_CATEGORY, SOCIAL_CATEGORIES),
    (SCHOLARSHIP_TYPE, SCHOLARSHIP_TYPES),
    (AWARD_TYPE, AWARD_TYPES),
    (EXAMINATION_TYPE, EXAMINATION_TYPES),
    (DEGREE, DEGREES),
    (FORM_OF_EDUCATION, FORMS_OF_EDUCATION),
    (EDUCATIONAL_PROGRAM, EDUCATIONAL_PROGRAMS),
    (PARENT_TYPE, PARENT_TYPES),
]

# Embassies (and consulates general) of Kazakhstan abroad: (ISO country, city_ru, city_kk, city_en, kind).
EMBASSIES = [
    ("RU", "Москва", "Мәскеу", "Moscow", "embassy"),
    ("RU", "Санкт-Петербург", "Санкт-Петербург", "Saint Petersburg", "consulate"),
    ("RU", "Казань", "Қазан", "Kazan", "consulate"),
    ("RU", "Новосибирск", "Новосібір", "Novosibirsk", "consulate"),
    ("RU", "Омск", "Омбы", "Omsk", "consulate"),
    ("RU", "Астрахань", "Астрахань", "Astrakhan", "consulate"),
    ("CN", "Пекин", "Бейжің", "Beijing", "embassy"),
    ("CN", "Шанхай", "Шанхай", "Shanghai", "consulate"),
    ("CN", "Урумчи", "Үрімжі", "Urumqi", "consulate"),
    ("CN", "Гонконг", "Гонконг", "Hong Kong", "consulate"),
    ("CN", "Сиань", "Сиань", "Xi'an", "consulate"),
    ("UZ", "Ташкент", "Ташкент", "Tashkent", "embassy"),
    ("KG", "Бишкек", "Бішкек", "Bishkek", "embassy"),
    ("TJ", "Душанбе", "Душанбе", "Dushanbe", "embassy"),
    ("TM", "Ашхабад", "Ашхабад", "Ashgabat", "embassy"),
    ("AZ", "Баку", "Баку", "Baku", "embassy"),
    ("GE", "Тбилиси", "Тбилиси", "Tbilisi", "embassy"),
    ("AM", "Ереван", "Ереван", "Yerevan", "embassy"),
    ("BY", "Минск", "Минск", "Minsk", "embassy"),
    ("UA", "Киев", "Киев", "Kyiv", "embassy"),
    ("MD", "Кишинёв", "Кишинев", "Chisinau", "embassy"),
    ("MN", "Улан-Батор", "Ұлан-Батор", "Ulaanbaatar", "embassy"),
    ("AF", "Кабул", "Кабул", "Kabul", "embassy"),
    ("IR", "Тегеран", "Тегеран", "Tehran", "embassy"),
    ("TR", "Анкара", "Анкара", "Ankara", "embassy"),
    ("TR", "Стамбул", "Стамбул", "Istanbul", "consulate"),
    ("AE", "Абу-Даби", "Әбу-Даби", "Abu Dhabi", "embassy"),
    ("AE", "Дубай", "Дубай", "Dubai", "consulate"),
    ("SA", "Эр-Рияд", "Эр-Рияд", "Riyadh", "embassy"),
    ("SA", "Джидда", "Жидда", "Jeddah", "consulate"),
    ("QA", "Доха", "Доха", "Doha", "embassy"),
    ("KW", "Эль-Кувейт", "Эль-Кувейт", "Kuwait City", "embassy"),
    ("EG", "Каир", "Каир", "Cairo", "embassy"),
    ("IL", "Тель-Авив", "Тель-Авив", "Tel Aviv", "embassy"),
    ("JO", "Амман", "Амман", "Amman", "embassy"),
    ("IN", "Нью-Дели", "Нью-Дели", "New Delhi", "embassy"),
    ("PK", "Исламабад", "Исламабад", "Islamabad", "embassy"),
    ("KR", "Сеул", "Сеул", "Seoul", "embassy"),
    ("JP", "Токио", "Токио", "Tokyo", "embassy"),
    ("MY", "Куала-Лумпур", "Куала-Лумпур", "Kuala Lumpur", "embassy"),
    ("ID", "Джакарта", "Джакарта", "Jakarta", "embassy"),
    ("TH", "Бангкок", "Бангкок", "Bangkok", "embassy"),
    ("VN", "Ханой", "Ханой", "Hanoi", "embassy"),
    ("SG", "Сингапур", "Сингапур", "Singapore", "embassy"),
    ("DE", "Берлин", "Берлин", "Berlin", "embassy"),
    ("DE", "Франкфурт-на-Майне", "Майндағы Франкфурт", "Frankfurt am Main", "consulate"),
    ("FR", "Париж", "Париж", "Paris", "embassy"),
    ("GB", "Лондон", "Лондон", "London", "embassy"),
    ("IT", "Рим", "Рим", "Rome", "embassy"),
    ("ES", "Мадрид", "Мадрид", "Madrid", "embassy"),
    ("BE", "Брюссель", "Брюссель", "Brussels", "embassy"),
    ("NL", "Гаага", "Гаага", "The Hague", "embassy"),
    ("AT", "Вена", "Вена", "Vienna", "embassy"),
    ("CH", "Берн", "Берн", "Bern", "embassy"),
    ("SE", "Стокгольм", "Стокгольм", "Stockholm", "embassy"),
    ("FI", "Хельсинки", "Хельсинки", "Helsinki", "embassy"),
    ("PL", "Варшава", "Варшава", "Warsaw", "embassy"),
    ("CZ", "Прага", "Прага", "Prague", "embassy"),
    ("HU", "Будапешт", "Будапешт", "Budapest", "embassy"),
    ("RO", "Бухарест", "Бухарест", "Bucharest", "embassy"),
    ("BG", "София", "София", "Sofia", "embassy"),
    ("GR", "Афины", "Афина", "Athens", "embassy"),
    ("LT", "Вильнюс", "Вильнюс", "Vilnius", "embassy"),
    ("LV", "Рига", "Рига", "Riga", "embassy"),
    ("EE", "Таллин", "Таллин", "Tallinn", "embassy"),
    ("US", "Вашингтон", "Вашингтон", "Washington", "embassy"),
    ("US", "Нью-Йорк", "Нью-Йорк", "New York", "consulate"),
    ("CA", "Оттава", "Оттава", "Ottawa", "embassy"),
    ("BR", "Бразилиа", "Бразилиа", "Brasilia", "embassy"),
    ("ZA", "Претория", "Претория", "Pretoria", "embassy"),
    ("ET", "Аддис-Абеба", "Аддис-Абеба", "Addis Ababa", "embassy"),
]
