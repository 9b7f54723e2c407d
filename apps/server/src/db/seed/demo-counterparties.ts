import { inArray } from 'drizzle-orm';
import {
  counterpartyDrivers,
  counterpartyVehicles,
  driverVerifications,
} from '../../modules/carriers/tables';
import {
  agreementTypes,
  counterparties,
  counterpartyAgreements,
  counterpartyBankAccounts,
  counterpartyFeatures,
  counterpartyStatuses,
} from '../../modules/counterparties/tables';
import { countries, currencies, vehicleTypes } from '../../modules/reference-data/tables';
import { contacts } from '../../platform/identity/tables';
import type { Tx } from '../connection';

const AGREEMENT_TYPES = [
  { code: 'TEO', name: 'Договор транспортной экспедиции', nameEn: 'Freight forwarding agreement' },
  { code: 'CARRIAGE', name: 'Договор перевозки', nameEn: 'Carriage agreement' },
  { code: 'STORAGE', name: 'Договор хранения', nameEn: 'Storage agreement' },
];

interface DemoAccount {
  bankName: string;
  bik?: string;
  account?: string;
  correspondentAccount?: string;
  iban?: string;
  swift?: string;
  currency: string;
}

interface DemoCounterparty {
  name: string;
  fullName?: string;
  nameEn?: string;
  country: string;
  client?: boolean;
  contractor?: boolean;
  inn?: string;
  kpp?: string;
  ogrn?: string;
  taxpayerId?: string;
  vatCertificate?: string;
  legalAddress: string;
  phone: string;
  email: string;
  curators: string[];
  managers?: string[];
  office: string;
  status: string;
  features?: string[];
  segment?: 'A' | 'B' | 'C' | 'D';
  creditLimit?: string;
  creditLimitThreshold?: string;
  paymentTermsBasis?: 'DISPATCH' | 'DELIVERY' | 'DOCUMENTS' | 'BILL';
  paymentTermsDays?: number;
  difficult?: boolean;
  blackListReason?: string;
  firstContact: string;
  contacts: { name: string; position: string; email: string; phone: string }[];
  accounts: DemoAccount[];
  agreement?: { type: string; number: string; date: string; validUntil: string; entity: 'MOW' | 'MSQ' };
  /** A driver with his papers: verified unless `pending` (submitted by the carrier, waiting for the check). */
  drivers?: { name: string; phone: string; license: string; pending?: boolean }[];
  vehicles?: { plate: string; trailer: string; brand: string }[];
}

const SBER = { bankName: 'ПАО Сбербанк', bik: '044525225', correspondentAccount: '30101810400000000225' };
const ALFA = { bankName: 'АО «Альфа-Банк»', bik: '044525593', correspondentAccount: '30101810200000000593' };

/**
 * Clients and contractors of the demo forwarder: Russian companies with valid requisites and accounts,
 * partners in Belarus, China, Poland and Germany with IBANs, carriers with drivers and trucks, one
 * counterparty on the black list. Curated by the demo forwarders and sales people.
 */
const COUNTERPARTIES: DemoCounterparty[] = [
  {
    name: 'ПАО «Магнит»',
    fullName: 'Публичное акционерное общество «Магнит»',
    nameEn: 'Magnit PJSC',
    country: 'RU',
    client: true,
    inn: '2309085638',
    kpp: '231001001',
    ogrn: '1032304945947',
    legalAddress: '350072, Краснодар, ул. Солнечная, 15/5',
    phone: '+7 (861) 210-98-10',
    email: 'logistics@magnit.ru',
    curators: ['ivanov'],
    managers: ['petrov'],
    office: 'MOW',
    status: 'ACTIVE',
    features: ['TEMP'],
    segment: 'A',
    creditLimit: '5000000.00',
    creditLimitThreshold: '4000000.00',
    paymentTermsBasis: 'DOCUMENTS',
    paymentTermsDays: 30,
    firstContact: '2021-03-15',
    contacts: [
      {
        name: 'Ольга Смирнова',
        position: 'Руководитель отдела логистики',
        email: 'o.smirnova@magnit.ru',
        phone: '+7 (861) 210-98-11',
      },
      {
        name: 'Андрей Кузнецов',
        position: 'Менеджер по закупкам',
        email: 'a.kuznetsov@magnit.ru',
        phone: '+7 (918) 555-12-34',
      },
    ],
    accounts: [{ ...SBER, account: '40702810938000012345', currency: 'RUB' }],
    agreement: {
      type: 'TEO',
      number: 'ТЭ-115/2021',
      date: '2021-04-01',
      validUntil: '2026-12-31',
      entity: 'MOW',
    },
  },
  {
    name: 'ПАО «ЛУКОЙЛ»',
    nameEn: 'LUKOIL PJSC',
    country: 'RU',
    client: true,
    inn: '7708004767',
    kpp: '770801001',
    ogrn: '1027700035769',
    legalAddress: '101000, Москва, Сретенский бульвар, 11',
    phone: '+7 (495) 627-44-44',
    email: 'cargo@lukoil.com',
    curators: ['petrov'],
    office: 'MOW',
    status: 'ACTIVE',
    features: ['ADR', 'OVERSIZE'],
    segment: 'A',
    creditLimit: '10000000.00',
    creditLimitThreshold: '8000000.00',
    paymentTermsBasis: 'BILL',
    paymentTermsDays: 45,
    firstContact: '2019-09-02',
    contacts: [
      {
        name: 'Игорь Волков',
        position: 'Начальник транспортного управления',
        email: 'i.volkov@lukoil.com',
        phone: '+7 (495) 627-45-01',
      },
    ],
    accounts: [{ ...SBER, account: '40702810438000067890', currency: 'RUB' }],
    agreement: {
      type: 'TEO',
      number: 'ТЭ-042/2019',
      date: '2019-10-01',
      validUntil: '2027-09-30',
      entity: 'MOW',
    },
  },
  {
    name: 'ООО «Яндекс»',
    nameEn: 'Yandex LLC',
    country: 'RU',
    client: true,
    inn: '7736207543',
    kpp: '770401001',
    ogrn: '1027700229193',
    legalAddress: '119021, Москва, ул. Льва Толстого, 16',
    phone: '+7 (495) 739-70-00',
    email: 'market-logistics@yandex-team.ru',
    curators: ['petrov'],
    managers: ['ivanov', 'petrov'],
    office: 'MOW',
    status: 'NEW',
    segment: 'B',
    paymentTermsBasis: 'DELIVERY',
    paymentTermsDays: 14,
    firstContact: '2025-02-10',
    contacts: [
      {
        name: 'Мария Лебедева',
        position: 'Менеджер цепочки поставок',
        email: 'm.lebedeva@yandex-team.ru',
        phone: '+7 (916) 700-11-22',
      },
    ],
    accounts: [{ ...ALFA, account: '40702810800000012345', currency: 'RUB' }],
  },
  {
    name: 'ООО «Вектор Групп»',
    country: 'RU',
    client: true,
    inn: '5027123457',
    kpp: '502701001',
    ogrn: '1025001234565',
    legalAddress: '140000, Московская обл., Люберцы, Октябрьский пр-т, 10',
    phone: '+7 (495) 554-20-30',
    email: 'info@vector-group.ru',
    curators: ['kozlova'],
    office: 'MSQ',
    status: 'ON-HOLD',
    segment: 'C',
    creditLimit: '300000.00',
    creditLimitThreshold: '250000.00',
    paymentTermsBasis: 'DISPATCH',
    paymentTermsDays: 7,
    firstContact: '2023-06-20',
    contacts: [
      {
        name: 'Денис Орлов',
        position: 'Директор',
        email: 'orlov@vector-group.ru',
        phone: '+7 (926) 111-22-33',
      },
    ],
    accounts: [{ ...ALFA, account: '40802810300000054321', currency: 'RUB' }],
  },
  {
    name: 'ОАО «РЖД»',
    fullName: 'Открытое акционерное общество «Российские железные дороги»',
    nameEn: 'Russian Railways',
    country: 'RU',
    contractor: true,
    inn: '7708503727',
    kpp: '770801001',
    ogrn: '1037739877295',
    legalAddress: '107174, Москва, ул. Новая Басманная, 2/1, стр. 1',
    phone: '+7 (800) 775-00-00',
    email: 'cargo@rzd.ru',
    curators: ['ivanov'],
    office: 'MOW',
    status: 'ACTIVE',
    paymentTermsBasis: 'BILL',
    paymentTermsDays: 5,
    firstContact: '2018-01-10',
    contacts: [
      {
        name: 'Сергей Павлов',
        position: 'Агент по грузовым перевозкам',
        email: 's.pavlov@rzd.ru',
        phone: '+7 (499) 262-00-00',
      },
    ],
    accounts: [
      {
        bankName: 'ПАО Сбербанк (Северо-Западный банк)',
        bik: '044030653',
        account: '40702810055000001234',
        correspondentAccount: '30101810500000000653',
        currency: 'RUB',
      },
    ],
    agreement: {
      type: 'CARRIAGE',
      number: 'ДП-7/2018',
      date: '2018-02-01',
      validUntil: '2026-01-31',
      entity: 'MOW',
    },
  },
  {
    name: 'ПАО «Аэрофлот»',
    nameEn: 'Aeroflot',
    country: 'RU',
    contractor: true,
    inn: '7712040126',
    kpp: '770101001',
    ogrn: '1027700092661',
    legalAddress: '119002, Москва, ул. Арбат, 1',
    phone: '+7 (495) 223-55-55',
    email: 'cargo@aeroflot.ru',
    curators: ['kozlova'],
    managers: ['ivanov'],
    office: 'MOW',
    status: 'ACTIVE',
    firstContact: '2020-05-12',
    contacts: [
      {
        name: 'Елена Соколова',
        position: 'Менеджер по грузовым продажам',
        email: 'e.sokolova@aeroflot.ru',
        phone: '+7 (495) 223-55-60',
      },
    ],
    accounts: [],
  },
  {
    name: 'ИП Петренко Сергей Иванович',
    country: 'RU',
    contractor: true,
    inn: '500100732259',
    ogrn: '304500116000157',
    legalAddress: '141400, Химки, ул. Заводская, 8',
    phone: '+7 (903) 123-45-67',
    email: 'petrenko.trans@mail.ru',
    curators: ['ivanov'],
    office: 'MOW',
    status: 'ACTIVE',
    features: ['TEMP'],
    paymentTermsBasis: 'DOCUMENTS',
    paymentTermsDays: 10,
    firstContact: '2022-08-01',
    contacts: [
      {
        name: 'Сергей Петренко',
        position: 'Владелец',
        email: 'petrenko.trans@mail.ru',
        phone: '+7 (903) 123-45-67',
      },
    ],
    accounts: [{ ...SBER, account: '40702810238720001420', currency: 'RUB' }],
    agreement: {
      type: 'CARRIAGE',
      number: 'П-310/2022',
      date: '2022-08-05',
      validUntil: '2025-12-31',
      entity: 'MOW',
    },
    drivers: [
      { name: 'Сергей Петренко', phone: '+7 (903) 123-45-67', license: '77 12 345678' },
      { name: 'Виктор Гончаренко', phone: '+7 (916) 234-56-78', license: '50 23 456789', pending: true },
    ],
    vehicles: [
      { plate: 'А123ВС 50', trailer: 'ЕА 4567 50', brand: 'Scania R450' },
      { plate: 'М777ОР 77', trailer: 'ВК 1234 77', brand: 'Volvo FH' },
    ],
  },
  {
    name: 'ООО «Северный терминал»',
    country: 'RU',
    client: true,
    contractor: true,
    inn: '7810123451',
    kpp: '781001001',
    ogrn: '1207800012342',
    legalAddress: '196084, Санкт-Петербург, Московский пр-т, 100',
    phone: '+7 (812) 600-10-20',
    email: 'sklad@sev-terminal.ru',
    curators: ['petrov'],
    office: 'MOW',
    status: 'ACTIVE',
    features: ['BONDED'],
    difficult: true,
    firstContact: '2020-11-11',
    contacts: [
      {
        name: 'Павел Морозов',
        position: 'Начальник склада',
        email: 'p.morozov@sev-terminal.ru',
        phone: '+7 (812) 600-10-21',
      },
    ],
    accounts: [],
    agreement: {
      type: 'STORAGE',
      number: 'Х-12/2020',
      date: '2020-11-20',
      validUntil: '2026-11-19',
      entity: 'MOW',
    },
  },
  {
    name: 'ООО «Быстрые грузы»',
    country: 'RU',
    contractor: true,
    inn: '7712345671',
    kpp: '771201001',
    ogrn: '1177746123455',
    legalAddress: '109029, Москва, ул. Нижегородская, 32',
    phone: '+7 (495) 000-13-13',
    email: 'dispatch@bystrye-gruzy.ru',
    curators: ['ivanov'],
    office: 'MOW',
    status: 'LOST',
    blackListReason: 'Срыв трёх загрузок подряд; груз клиента задержан без объяснения причин.',
    firstContact: '2023-02-14',
    contacts: [],
    accounts: [],
  },
  {
    name: 'ООО «БелТрансЛогистик»',
    nameEn: 'BelTransLogistic LLC',
    country: 'BY',
    client: true,
    contractor: true,
    taxpayerId: '192345678',
    legalAddress: '220030, Минск, ул. Немига, 5',
    phone: '+375 17 200-30-40',
    email: 'office@beltranslog.by',
    curators: ['kozlova'],
    office: 'MSQ',
    status: 'ACTIVE',
    paymentTermsBasis: 'DELIVERY',
    paymentTermsDays: 20,
    firstContact: '2021-07-07',
    contacts: [
      {
        name: 'Алесь Ковальчук',
        position: 'Директор по логистике',
        email: 'a.kovalchuk@beltranslog.by',
        phone: '+375 29 600-70-80',
      },
    ],
    accounts: [
      {
        bankName: 'Национальный банк Республики Беларусь',
        iban: 'BY13NBRB3600900000002Z00AB00',
        swift: 'NBRBBY2X',
        currency: 'BYN',
      },
    ],
    agreement: {
      type: 'TEO',
      number: 'BY-21/07',
      date: '2021-07-15',
      validUntil: '2026-07-14',
      entity: 'MSQ',
    },
    drivers: [{ name: 'Алесь Ковальчук', phone: '+375 29 600-70-81', license: 'BY 7AB 123456' }],
    vehicles: [{ plate: 'AK 1234-7', trailer: 'A 5678 A-7', brand: 'MAN TGX' }],
  },
  {
    name: 'Shanghai Ocean Link Co., Ltd.',
    nameEn: 'Shanghai Ocean Link Co., Ltd.',
    country: 'CN',
    contractor: true,
    taxpayerId: '91310000MA1FL1234X',
    legalAddress: 'Room 1201, 88 Century Avenue, Pudong, Shanghai 200120',
    phone: '+86 21 6888 1234',
    email: 'booking@oceanlink.cn',
    curators: ['kozlova'],
    office: 'MSQ',
    status: 'ACTIVE',
    firstContact: '2022-03-03',
    contacts: [
      { name: 'Li Wei', position: 'Sales manager', email: 'li.wei@oceanlink.cn', phone: '+86 139 1234 5678' },
    ],
    accounts: [],
  },
  {
    name: 'Trans-Pol Sp. z o.o.',
    country: 'PL',
    contractor: true,
    taxpayerId: '5260250274',
    vatCertificate: 'PL5260250274',
    legalAddress: 'ul. Marszałkowska 10, 00-590 Warszawa',
    phone: '+48 22 123 45 67',
    email: 'spedycja@trans-pol.pl',
    curators: ['nowak'],
    office: 'WAW',
    status: 'ACTIVE',
    features: ['ADR'],
    paymentTermsBasis: 'DOCUMENTS',
    paymentTermsDays: 30,
    firstContact: '2022-10-10',
    contacts: [
      {
        name: 'Tomasz Wiśniewski',
        position: 'Dyspozytor',
        email: 't.wisniewski@trans-pol.pl',
        phone: '+48 601 234 567',
      },
    ],
    accounts: [
      {
        bankName: 'Bank Millennium',
        iban: 'PL61109010140000071219812874',
        swift: 'BIGBPLPW',
        currency: 'EUR',
      },
    ],
    drivers: [{ name: 'Piotr Zieliński', phone: '+48 602 345 678', license: 'PL 01234/19/1465' }],
    vehicles: [
      { plate: 'WX 12345', trailer: 'WX 6789A', brand: 'DAF XF' },
      { plate: 'WGM 4321C', trailer: 'WGM 555P', brand: 'Mercedes-Benz Actros' },
    ],
  },
  {
    name: 'Spedition Müller GmbH',
    country: 'DE',
    client: true,
    contractor: true,
    taxpayerId: '27/123/45678',
    vatCertificate: 'DE123456789',
    legalAddress: 'Hafenstraße 12, 20457 Hamburg',
    phone: '+49 40 1234567',
    email: 'info@spedition-mueller.de',
    curators: ['nowak'],
    managers: ['petrov'],
    office: 'WAW',
    status: 'ACTIVE',
    segment: 'B',
    creditLimit: '150000.00',
    creditLimitThreshold: '120000.00',
    paymentTermsBasis: 'BILL',
    paymentTermsDays: 30,
    firstContact: '2020-02-20',
    contacts: [
      {
        name: 'Hans Müller',
        position: 'Geschäftsführer',
        email: 'h.mueller@spedition-mueller.de',
        phone: '+49 40 1234568',
      },
    ],
    accounts: [
      { bankName: 'Commerzbank', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', currency: 'EUR' },
    ],
    agreement: {
      type: 'TEO',
      number: 'DE-2020/02',
      date: '2020-03-01',
      validUntil: '2026-02-28',
      entity: 'MOW',
    },
  },
];

const idsOf = async <T extends { id: number; code: string }>(rows: Promise<T[]>) =>
  new Map((await rows).map((r) => [r.code, r.id]));

/** Loads the demo counterparties; `userId` and `officeId` map the demo usernames and office codes to ids. */
export async function seedDemoCounterparties(
  tx: Tx,
  userId: ReadonlyMap<string, number>,
  officeId: ReadonlyMap<string | null, number>,
  legalEntityId: ReadonlyMap<'MOW' | 'MSQ', number>,
): Promise<void> {
  const countryId = await idsOf(
    tx
      .select({ id: countries.id, code: countries.code })
      .from(countries)
      .where(inArray(countries.code, ['RU', 'BY', 'CN', 'PL', 'DE'])),
  );
  const currencyId = await idsOf(
    tx
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .where(inArray(currencies.code, ['RUB', 'BYN', 'EUR'])),
  );
  const statusId = await idsOf(
    tx.select({ id: counterpartyStatuses.id, code: counterpartyStatuses.code }).from(counterpartyStatuses),
  );
  const featureId = await idsOf(
    tx.select({ id: counterpartyFeatures.id, code: counterpartyFeatures.code }).from(counterpartyFeatures),
  );
  const agreementTypeId = await idsOf(
    tx
      .insert(agreementTypes)
      .values(AGREEMENT_TYPES)
      .returning({ id: agreementTypes.id, code: agreementTypes.code }),
  );
  const [truck] = await tx.select({ id: vehicleTypes.id }).from(vehicleTypes).limit(1);
  const users = (names: string[] | undefined) => (names ?? []).map((name) => userId.get(name)!);

  for (const demo of COUNTERPARTIES) {
    const [row] = await tx
      .insert(counterparties)
      .values({
        name: demo.name,
        fullName: demo.fullName ?? null,
        nameEn: demo.nameEn ?? null,
        client: demo.client ?? false,
        contractor: demo.contractor ?? false,
        countryId: countryId.get(demo.country)!,
        inn: demo.inn ?? null,
        kpp: demo.kpp ?? null,
        ogrn: demo.ogrn ?? null,
        taxpayerId: demo.taxpayerId ?? null,
        vatCertificate: demo.vatCertificate ?? null,
        legalAddress: demo.legalAddress,
        postalAddress: demo.legalAddress,
        phone: demo.phone,
        email: demo.email,
        statusId: statusId.get(demo.status)!,
        featureIds: (demo.features ?? []).map((code) => featureId.get(code)!),
        serviceOfficeId: officeId.get(demo.office)!,
        curatorIds: users(demo.curators),
        managerIds: users(demo.managers),
        creditLimit: demo.creditLimit ?? null,
        creditLimitThreshold: demo.creditLimitThreshold ?? null,
        segment: demo.segment ?? null,
        difficult: demo.difficult ?? false,
        paymentTermsBasis: demo.paymentTermsBasis ?? null,
        paymentTermsDays: demo.paymentTermsDays ?? null,
        blackList: demo.blackListReason !== undefined,
        blackListReason: demo.blackListReason ?? null,
        firstContact: demo.firstContact,
      })
      .returning({ id: counterparties.id });
    const counterpartyId = row!.id;
    if (demo.contacts.length) {
      await tx.insert(contacts).values(demo.contacts.map((c) => ({ ...c, counterpartyId })));
    }
    if (demo.accounts.length) {
      await tx.insert(counterpartyBankAccounts).values(
        demo.accounts.map(({ currency, ...account }, index) => ({
          ...account,
          counterpartyId,
          currencyId: currencyId.get(currency)!,
          primary: index === 0,
        })),
      );
    }
    if (demo.agreement) {
      const { type, entity, date, ...agreement } = demo.agreement;
      await tx.insert(counterpartyAgreements).values({
        ...agreement,
        date,
        validFrom: date,
        counterpartyId,
        agreementTypeId: agreementTypeId.get(type)!,
        legalEntityId: legalEntityId.get(entity)!,
      });
    }
    if (demo.drivers?.length) {
      const inserted = await tx
        .insert(counterpartyDrivers)
        .values(
          demo.drivers.map((d, index) => ({
            counterpartyId,
            name: d.name,
            phone: d.phone,
            passportSeries: demo.country === 'RU' ? `45 ${10 + index}` : null,
            passportNumber: `${612345 + index * 1111}`,
            passportIssuedBy: demo.country === 'RU' ? 'ГУ МВД России по г. Москве' : 'MSW',
            passportIssuedAt: '2016-04-12',
            licenseNumber: d.license,
            licenseCategories: 'B, C, CE',
            licenseExpiresAt: '2031-05-20',
            insuranceVerified: true,
            verificationStatus: d.pending ? ('pending' as const) : ('verified' as const),
          })),
        )
        .returning({ id: counterpartyDrivers.id, status: counterpartyDrivers.verificationStatus });
      // Their histories: submitted through the carrier's cabinet; the verified ones checked since.
      await tx.insert(driverVerifications).values(
        inserted.flatMap(({ id, status }) => [
          { driverId: id, fromStatus: 'draft' as const, toStatus: 'pending' as const, actor: 'cabinet' },
          ...(status === 'verified'
            ? [
                {
                  driverId: id,
                  fromStatus: 'pending' as const,
                  toStatus: 'verified' as const,
                  actor: 'system',
                },
              ]
            : []),
        ]),
      );
    }
    if (demo.vehicles?.length) {
      await tx.insert(counterpartyVehicles).values(
        demo.vehicles.map((v) => ({
          counterpartyId,
          vehicleTypeId: truck!.id,
          plate: v.plate.toUpperCase(),
          trailerPlate: v.trailer.toUpperCase(),
          brand: v.brand,
          capacity: 20,
          volume: 82,
        })),
      );
    }
  }
}
