"""The curated knowledge base the assistant starts with (seeded once into chat_knowledge; admins edit it afterwards
through /universal/ChatKnowledge). Facts that live elsewhere in the portal (deadlines, programs, documents, the fee
amount, room prices) are not repeated here: the assistant reads them from the portal's own data (sources.py)."""

from __future__ import annotations

# key, topic, (title ru, kk, en), (body ru, kk, en), keywords (any language; synonyms and spellings)
ENTRIES: list[tuple[str, str, tuple[str, str, str], tuple[str, str, str], str]] = [
    (
        "how_to_apply",
        "apply",
        ("Как подать заявку", "Өтінімді қалай беруге болады", "How to apply"),
        (
            "Зарегистрируйтесь и подтвердите e-mail кодом, выберите гражданство, затем на главной странице нажмите "
            "«Подать заявку», выберите программу обучения и заполните анкету по шагам. Граждане Казахстана проходят "
            "шаги: выбор программы, инструкция, оплата взноса, анкета, документы. Статус заявки виден в разделе "
            "«Мои заявки».",
            "Тіркеліп, e-mail-ді кодпен растаңыз, азаматтығыңызды таңдаңыз, содан кейін басты бетте «Өтінім беру» "
            "батырмасын басып, білім беру бағдарламасын таңдап, сауалнаманы қадам бойынша толтырыңыз. Қазақстан "
            "азаматтары мына қадамдардан өтеді: бағдарламаны таңдау, нұсқаулық, жарнаны төлеу, сауалнама, құжаттар. "
            "Өтінімнің мәртебесі «Менің өтінімдерім» бөлімінде көрінеді.",
            "Sign up and confirm your e-mail with the code, choose your citizenship, then press “Apply” on the home "
            "page, choose a study program and fill in the questionnaire step by step. Citizens of Kazakhstan go "
            "through: program choice, instruction, fee payment, questionnaire, documents. The status of your "
            "application is shown under “My applications”.",
        ),
        "подать заявку поступить поступление регистрация анкета apply application register admission enrol "
        "өтінім беру түсу тіркелу сауалнама",
    ),
    (
        "grant",
        "grant",
        ("Государственный грант", "Мемлекеттік грант", "State grant"),
        (
            "Государственный образовательный грант присуждается по результатам ЕНТ (единого национального "
            "тестирования) в конкурсе, который проводит Министерство. Выберите на главной странице карточку "
            "«Государственный грант в университете», подайте заявку и укажите баллы ЕНТ; после объявления итогов "
            "конкурса портал сверяет ваш ИИН со списком обладателей гранта. Грант в другом вузе оформляется через "
            "государственную услугу (ссылка на главной странице).",
            "Мемлекеттік білім беру гранты Министрлік өткізетін конкурста ҰБТ (ұлттық бірыңғай тестілеу) нәтижелері "
            "бойынша беріледі. Басты беттегі «Университеттегі мемлекеттік грант» картасын таңдап, өтінім беріңіз "
            "және ҰБТ балдарын көрсетіңіз; конкурс қорытындысы жарияланғаннан кейін портал ЖСН-іңізді грант "
            "иегерлерінің тізімімен салыстырады. Басқа ЖОО-дағы грант мемлекеттік қызмет арқылы рәсімделеді.",
            "The state education grant is awarded on the results of the UNT (Unified National Testing) in a contest "
            "run by the Ministry. Choose the “State grant at the university” card on the home page, apply and enter "
            "your UNT scores; after the results are announced the portal checks your IIN against the list of grant "
            "holders. A grant at another university is applied for through the government service linked on the "
            "home page.",
        ),
        "грант стипендия бесплатно бюджет конкурс ЕНТ баллы scholarship grant free tuition budget UNT score "
        "грант тегін стипендия ҰБТ балл конкурс",
    ),
    (
        "fee_payment",
        "fee",
        ("Как оплатить вступительный взнос", "Жарнаны қалай төлеуге болады", "How to pay the admission fee"),
        (
            "Взнос оплачивается банковской картой на шаге «Оплата» в степпере: отметьте согласие и нажмите «Перейти "
            "к оплате», откроется платёжный виджет. Статус оплаты обновляется автоматически (каждые 5 секунд); "
            "заявка продвигается только после подтверждения платежа банком. Если оплата не прошла, повторите "
            "попытку позже.",
            "Жарна степпердегі «Төлем» қадамында банк картасымен төленеді: келісімді белгілеп, «Төлемге өту» "
            "батырмасын басыңыз, төлем виджеті ашылады. Төлем мәртебесі автоматты түрде жаңарады (әр 5 секунд "
            "сайын); өтінім банк төлемді растағаннан кейін ғана алға жылжиды.",
            "The fee is paid by bank card at the “Payment” step of the stepper: tick the consent and press “Proceed "
            "to payment” to open the payment widget. The payment status refreshes automatically (every 5 seconds); "
            "the application moves on only after the bank confirms the payment.",
        ),
        "оплата оплатить карта платёж взнос заплатить pay payment card widget fee how to pay төлем төлеу карта жарна",
    ),
    (
        "dormitory_booking",
        "dormitory",
        (
            "Как забронировать место в общежитии",
            "Жатақханадан орынды қалай брондауға болады",
            "How to book a dormitory place",
        ),
        (
            "В анкете отметьте, что вам нужно общежитие. После зачисления на портале откроется бронирование: "
            "выберите тип комнаты (цены указаны за место), корпус и комнату; бронь можно изменить или подать заявку "
            "на переселение. Места распределяются с учётом пола и свободных мест.",
            "Сауалнамада жатақхана қажет екенін белгілеңіз. Оқуға қабылданғаннан кейін порталда брондау ашылады: "
            "бөлме түрін (бағасы бір орын үшін), ғимаратты және бөлмені таңдаңыз; броньды өзгертуге немесе басқа "
            "бөлмеге ауысуға өтінім беруге болады.",
            "Mark in the questionnaire that you need a dormitory. After enrolment the portal opens booking: choose "
            "a room type (prices are per place), a building and a room; you can change the booking or request a "
            "transfer. Places are assigned by gender and availability.",
        ),
        "общежитие общага жильё проживание бронь бронировать комната dormitory dorm hostel housing accommodation "
        "book room жатақхана жатақ брондау бөлме тұру",
    ),
    (
        "physical_presence",
        "apply",
        (
            "Личное присутствие и оригиналы документов",
            "Жеке қатысу және құжаттардың түпнұсқалары",
            "Presence in person and original documents",
        ),
        (
            "Граждане Казахстана подают оригиналы документов лично в приёмной комиссии в Алматы; сотрудники "
            "находят заявку по 7-значному коду загрузки и прикрепляют документы. Документы можно также загрузить "
            "самостоятельно на шаге «Загрузка документов».",
            "Қазақстан азаматтары құжаттардың түпнұсқаларын Алматыдағы қабылдау комиссиясына жеке тапсырады; "
            "қызметкерлер өтінімді 7 таңбалы жүктеу коды бойынша табады. Құжаттарды «Құжаттарды жүктеу» қадамында "
            "өзіңіз де жүктей аласыз.",
            "Citizens of Kazakhstan hand in the original documents in person at the admissions office in Almaty; "
            "staff find the application by its 7-digit upload code and attach the documents. You can also upload "
            "them yourself at the “Documents upload” step.",
        ),
        "лично оригиналы Алматы приёмная комиссия код загрузки originals in person Almaty admissions office upload "
        "code түпнұсқа жеке Алматы қабылдау комиссиясы",
    ),
    (
        "foreign_visa",
        "foreign",
        ("Иностранным абитуриентам: виза", "Шетелдік талапкерлерге: виза", "Foreign applicants: visa"),
        (
            "Иностранные абитуриенты подают заявку онлайн и загружают паспорт, документ об образовании, "
            "мотивационное письмо и языковой сертификат. После решения приёмной комиссии заявка переходит в статус "
            "«Ожидает визу»: университет отправляет приглашение, а визу вы оформляете в посольстве Казахстана.",
            "Шетелдік талапкерлер өтінімді онлайн беріп, төлқұжатты, білімі туралы құжатты, уәждеме хатты және тіл "
            "сертификатын жүктейді. Қабылдау комиссиясы шешім қабылдағаннан кейін өтінім «Визаны күтуде» "
            "мәртебесіне өтеді: университет шақыру жібереді, ал визаны Қазақстан елшілігінде рәсімдейсіз.",
            "Foreign applicants apply online and upload a passport, proof of education, a motivation letter and a "
            "language certificate. After the admissions decision the application moves to “Awaiting visa”: the "
            "university sends an invitation and you obtain the visa at an embassy of Kazakhstan.",
        ),
        "виза иностранец посольство приглашение visa foreign international embassy invitation шетелдік виза елшілік",
    ),
    (
        "unt",
        "grant",
        ("ЕНТ и профильные предметы", "ҰБТ және бейіндік пәндер", "UNT and profile subjects"),
        (
            "Для бакалавриата нужны результаты ЕНТ: история Казахстана, математическая и читательская грамотность и "
            "два профильных предмета, которые зависят от группы образовательных программ. Баллы и код теста "
            "(до 9 цифр) вносятся в анкету на шаге «Сведения о тестировании».",
            "Бакалавриат үшін ҰБТ нәтижелері керек: Қазақстан тарихы, математикалық және оқу сауаттылығы және білім "
            "беру бағдарламалары тобына байланысты екі бейіндік пән. Балдар мен тест коды (9 цифрға дейін) "
            "сауалнаманың «Тестілеу туралы мәліметтер» қадамында енгізіледі.",
            "Bachelor admission needs UNT results: history of Kazakhstan, mathematical and reading literacy and two "
            "profile subjects that depend on the group of educational programs. Scores and the test code (up to 9 "
            "digits) go into the questionnaire at the “Test scores” step.",
        ),
        "ЕНТ тест баллы профильные предметы экзамен UNT test exam profile subjects score "
        "ҰБТ тест балл бейіндік пән емтихан",
    ),
    (
        "contacts",
        "contacts",
        ("Контакты приёмной комиссии", "Қабылдау комиссиясының байланыстары", "Admissions office contacts"),
        (
            "Телефон и e-mail приёмной комиссии указаны внизу каждой страницы. В чате можно нажать «Спросить "
            "сотрудника» — вопрос получит приёмная комиссия, ответ придёт в ваши сообщения.",
            "Қабылдау комиссиясының телефоны мен e-mail-і әр беттің төменгі жағында көрсетілген. Чатта «Қызметкерден "
            "сұрау» батырмасын басуға болады — сұрақты қабылдау комиссиясы алады, жауап хабарламаларыңызға келеді.",
            "The admissions office phone and e-mail are at the bottom of every page. In the chat you can press “Ask "
            "a person”: the admissions office receives your question and the answer comes to your messages.",
        ),
        "контакты телефон почта связаться оператор сотрудник contacts phone email call person staff operator "
        "байланыс телефон пошта қызметкер",
    ),
    (
        "password_reset",
        "account",
        ("Забыли пароль", "Құпиясөзді ұмыттыңыз ба", "Forgot your password"),
        (
            "На странице входа нажмите «Забыли пароль», введите e-mail, затем код из письма (6 цифр) и новый пароль "
            "(не короче 6 символов).",
            "Кіру бетінде «Құпиясөзді ұмыттыңыз ба» батырмасын басып, e-mail-ді, хаттағы кодты (6 цифр) және жаңа "
            "құпиясөзді (кемінде 6 таңба) енгізіңіз.",
            "On the sign-in page press “Forgot password”, enter your e-mail, then the 6-digit code from the letter "
            "and a new password (at least 6 characters).",
        ),
        "пароль забыл восстановить вход password forgot reset sign in құпиясөз ұмыттым қалпына келтіру кіру",
    ),
]
