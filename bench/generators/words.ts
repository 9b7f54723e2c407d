/** Words the generated names and addresses are made of, so search terms hit a realistic share of rows. */
export const CITIES = [
  'Москва',
  'Санкт-Петербург',
  'Казань',
  'Новосибирск',
  'Екатеринбург',
  'Владивосток',
  'Калининград',
  'Самара',
  'Ростов-на-Дону',
  'Минск',
  'Алматы',
  'Ташкент',
] as const;
export const STREETS = [
  'Ленина',
  'Складская',
  'Портовая',
  'Транспортная',
  'Садовая',
  'Мира',
  'Логистическая',
];
export const SURNAMES = ['Иванов', 'Петров', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Новиков'];
export const GIVEN_NAMES = ['Алексей', 'Мария', 'Дмитрий', 'Ольга', 'Сергей', 'Анна', 'Игорь', 'Елена'];

/** Roots of company names, Cyrillic with the Latin spelling the international name and the mail domain use. */
export const COMPANY_ROOTS: readonly (readonly [ru: string, en: string])[] = [
  ['Транс', 'Trans'],
  ['Логистик', 'Logistic'],
  ['Карго', 'Cargo'],
  ['Сибирь', 'Sibir'],
  ['Волга', 'Volga'],
  ['Урал', 'Ural'],
  ['Балтик', 'Baltic'],
  ['Экспресс', 'Express'],
  ['Авто', 'Avto'],
  ['Терминал', 'Terminal'],
  ['Форвард', 'Forward'],
  ['Север', 'Sever'],
  ['Восток', 'Vostok'],
  ['Глобал', 'Global'],
  ['Альфа', 'Alfa'],
  ['Вектор', 'Vector'],
  ['Гранит', 'Granit'],
  ['Дельта', 'Delta'],
  ['Енисей', 'Enisey'],
  ['Звезда', 'Zvezda'],
  ['Импульс', 'Impuls'],
  ['Кристалл', 'Kristall'],
  ['Магистраль', 'Magistral'],
  ['Нева', 'Neva'],
  ['Орион', 'Orion'],
  ['Ресурс', 'Resurs'],
  ['Титан', 'Titan'],
  ['Фаворит', 'Favorit'],
  ['Эверест', 'Everest'],
  ['Янтарь', 'Yantar'],
];
export const COMPANY_SUFFIXES: readonly (readonly [ru: string, en: string])[] = [
  ['Сервис', 'Service'],
  ['Групп', 'Group'],
  ['Лайн', 'Line'],
  ['Трейд', 'Trade'],
  ['Плюс', 'Plus'],
  ['Строй', 'Stroy'],
  ['Пром', 'Prom'],
  ['Снаб', 'Snab'],
  ['Транзит', 'Transit'],
  ['Агро', 'Agro'],
  ['Хим', 'Khim'],
  ['Металл', 'Metall'],
  ['Лес', 'Les'],
  ['Энерго', 'Energo'],
  ['Фуд', 'Food'],
  ['Порт', 'Port'],
  ['Склад', 'Sklad'],
  ['Рейл', 'Rail'],
  ['Флот', 'Flot'],
  ['Трак', 'Truck'],
];
/** Legal forms: Russian legal entities, Belarusian ones. */
export const RUSSIAN_FORMS = ['ООО', 'ООО', 'ООО', 'ООО', 'АО', 'АО', 'ПАО', 'ЗАО'] as const;
export const BELARUSIAN_FORMS = ['ООО', 'ООО', 'ОДО', 'ЧУП', 'ЧТУП', 'ОАО', 'СООО'] as const;
export const PATRONYMICS = ['Алексеевич', 'Дмитриевич', 'Сергеевич', 'Игоревич', 'Петрович', 'Андреевич'];
export const POSITIONS = [
  'Генеральный директор',
  'Логист',
  'Менеджер по логистике',
  'Главный бухгалтер',
  'Диспетчер',
  'Начальник отдела закупок',
  'Руководитель склада',
];
export const POSITIONS_EN = [
  'Managing director',
  'Logistics manager',
  'Sales manager',
  'Accountant',
  'Dispatcher',
];
/** Chinese companies in pinyin, as their papers spell them in Latin letters. */
export const CHINESE_CITIES = [
  'Shanghai',
  'Ningbo',
  'Shenzhen',
  'Guangzhou',
  'Qingdao',
  'Tianjin',
  'Yiwu',
  'Xiamen',
];
export const CHINESE_WORDS = [
  'Huatai',
  'Jinhai',
  'Dongfang',
  'Changjiang',
  'Hengda',
  'Xinghe',
  'Taiping',
  'Longteng',
];
export const CHINESE_TRADES = [
  'International Trading',
  'Logistics',
  'Import & Export',
  'Machinery',
  'Textile',
  'Electronics',
];
export const CHINESE_PEOPLE = [
  'Wang Wei',
  'Li Na',
  'Zhang Min',
  'Liu Yang',
  'Chen Jie',
  'Zhao Lei',
  'Huang Fang',
];
/** European partners: country, legal form, the words of their names, contact names, a city and phone prefix. */
export const EUROPEAN: readonly {
  country: string;
  form: string;
  words: readonly string[];
  people: readonly string[];
  city: string;
  street: string;
  phone: string;
}[] = [
  {
    country: 'DE',
    form: 'GmbH',
    words: ['Spedition Müller', 'Hansa Logistik', 'Nordfracht', 'Rhein Cargo', 'Weber Transporte'],
    people: ['Jan Becker', 'Anna Schulz', 'Thomas Wagner', 'Julia Fischer'],
    city: 'Hamburg',
    street: 'Hafenstraße',
    phone: '+49 40',
  },
  {
    country: 'PL',
    form: 'Sp. z o.o.',
    words: ['Trans-Pol', 'Wisła Logistics', 'Kowalski Transport', 'Mazowsze Cargo', 'Bałtyk Spedycja'],
    people: ['Piotr Nowak', 'Anna Kowalska', 'Tomasz Wiśniewski', 'Katarzyna Zielińska'],
    city: 'Warszawa',
    street: 'ul. Marszałkowska',
    phone: '+48 22',
  },
  {
    country: 'LT',
    form: 'UAB',
    words: ['Baltic Transit', 'Vilniaus Krovinys', 'Nemunas Logistika', 'Girteka Cargo'],
    people: ['Tomas Kazlauskas', 'Rūta Petrauskienė', 'Mindaugas Jankauskas'],
    city: 'Vilnius',
    street: 'Gedimino pr.',
    phone: '+370 5',
  },
  {
    country: 'NL',
    form: 'B.V.',
    words: ['Van der Berg Logistics', 'Rotterdam Forwarding', 'Holland Freight', 'De Vries Transport'],
    people: ['Daan de Jong', 'Sanne Bakker', 'Lars Visser'],
    city: 'Rotterdam',
    street: 'Waalhaven Zuidzijde',
    phone: '+31 10',
  },
];
