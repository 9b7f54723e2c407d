import { DECISION_CODES, parseDeclarationNumber } from '@tms/domain';
import { copyRows } from '../lib/copy';
import { type Generator, idRange, pick } from './registry';

const DAY = 86_400_000;

/** Goods of the classifier's headings: a name as the FNS file writes it, plural, as people search it. */
const GOODS = [
  'смартфоны',
  'телефонные аппараты',
  'машины вычислительные',
  'мониторы и проекторы',
  'принтеры',
  'автомобили легковые',
  'автомобили грузовые',
  'тракторы',
  'прицепы и полуприцепы',
  'части и принадлежности автомобилей',
  'болты и винты',
  'гайки',
  'шайбы',
  'трубы стальные',
  'проволока',
  'насосы жидкостные',
  'компрессоры',
  'двигатели электрические',
  'трансформаторы',
  'аккумуляторы',
  'провода изолированные',
  'лампы светодиодные',
  'кофе жареный',
  'чай черный',
  'какао-бобы',
  'шоколад',
  'сахар тростниковый',
  'масло подсолнечное',
  'рыба мороженая',
  'мясо крупного рогатого скота',
  'сыры',
  'фрукты свежие',
  'орехи',
  'вина виноградные',
  'пиво солодовое',
  'воды минеральные',
  'табак',
  'удобрения минеральные',
  'пластмассы в первичных формах',
  'шины пневматические',
  'изделия из резины',
  'древесина пиленая',
  'фанера',
  'бумага и картон',
  'ткани хлопчатобумажные',
  'одежда трикотажная',
  'обувь',
  'игрушки',
  'мебель',
  'посуда керамическая',
  'стекло листовое',
  'инструменты ручные',
  'станки металлорежущие',
  'краны подъемные',
  'погрузчики',
  'холодильники',
  'стиральные машины',
  'пылесосы',
  'часы наручные',
  'приборы измерительные',
  'медикаменты',
  'косметические средства',
  'моющие средства',
  'лакокрасочные материалы',
  'клеи',
] as const;
/** How the classifier splits a heading into its codes. */
const QUALIFIERS = [
  'новые',
  'бывшие в употреблении',
  'с массой не более 10 кг',
  'с массой более 10 кг',
  'для промышленной сборки',
  'прочие',
  'из черных металлов',
  'из пластмасс',
  'прочие',
  'мощностью не более 750 Вт',
  'мощностью более 750 Вт',
] as const;
const SECTIONS = [
  'Живые животные; продукты животного происхождения',
  'Продукты растительного происхождения',
  'Жиры и масла животного или растительного происхождения',
  'Готовые пищевые продукты; алкогольные и безалкогольные напитки; табак',
  'Минеральные продукты',
  'Продукция химической и связанных с ней отраслей промышленности',
  'Пластмассы и изделия из них; каучук, резина и изделия из них',
  'Необработанные шкуры, выделанная кожа, натуральный мех и изделия из них',
  'Древесина и изделия из нее',
  'Масса из древесины; бумага и картон',
  'Текстильные материалы и текстильные изделия',
  'Обувь, головные уборы, зонты',
  'Изделия из камня, керамические изделия, стекло',
  'Жемчуг, драгоценные камни и металлы',
  'Недрагоценные металлы и изделия из них',
  'Машины, оборудование и механизмы; электротехническое оборудование',
  'Средства наземного транспорта, летательные аппараты, плавучие средства',
  'Инструменты и аппараты оптические, фотографические, измерительные; часы',
  'Оружие и боеприпасы',
  'Разные промышленные товары',
  'Произведения искусства, предметы коллекционирования и антиквариат',
] as const;
/** Headings per group and codes per heading: 97 groups × 13 × 10-11, about 13,000 codes as the classifier has. */
const HEADINGS_PER_GROUP = 13;
const CODES_PER_HEADING = [10, 11] as const;
/** Codes of the 2017 edition the 2022 edition dropped (shown as no longer valid). */
const SUPERSEDED_SHARE = 0.03;

interface Entry {
  level: 'section' | 'group' | 'heading' | 'code';
  code: string;
  parentCode: string | null;
  treeKey: string;
  name: string;
  depth: number;
  validFrom: string;
  validTo: string | null;
  latest: boolean;
}

/** The valid ten-digit codes of the generated classifier, for the declarations' items (set by its run). */
const validCodes: { code: string; name: string }[] = [];

/**
 * The TNVED classifier as the FNS distribution loads it: 21 sections, 96 groups, 1,248 headings and about
 * 13,000 ten-digit codes, each in the 2017 edition (closed on 31.12.2021) and the 2022 one (open), 3 % of the
 * codes dropped in 2022: about 28,500 versions, the newest of each entry marked `latest` as the load does.
 * Names are the goods a heading covers in the classifier's plural ("смартфоны") and their qualifiers, so a
 * search of a word in another form hits a realistic share. Fixed size: the classifier does not grow with
 * the orders.
 */
export const tnvedGenerator: Generator = {
  name: 'tnved',
  tables: ['tnved_entries'],
  rows: () => 28_500,
  async run({ client, random }) {
    validCodes.length = 0;
    const entries: Entry[] = [];
    const both = (entry: Omit<Entry, 'validFrom' | 'validTo' | 'latest'>, dropped = false) => {
      entries.push({ ...entry, validFrom: '2017-01-01', validTo: '2021-12-31', latest: dropped });
      if (!dropped) entries.push({ ...entry, validFrom: '2022-01-01', validTo: null, latest: true });
    };
    let group = 0;
    SECTIONS.forEach((sectionName, s) => {
      const section = String(s + 1).padStart(2, '0');
      both({
        level: 'section',
        code: section,
        parentCode: null,
        treeKey: section,
        name: sectionName,
        depth: 0,
      });
      // 96 groups over 21 sections (77 is reserved in the classifier and skipped).
      const groups = s < 13 ? 5 : 4;
      for (let g = 0; g < groups && group < 97; g++) {
        group++;
        if (group === 77) group++;
        const groupCode = String(group).padStart(2, '0');
        const groupGoods = GOODS[(group * 7) % GOODS.length]!;
        both({
          level: 'group',
          code: groupCode,
          parentCode: section,
          treeKey: `${section}/${groupCode}`,
          name: `${groupGoods[0]!.toUpperCase()}${groupGoods.slice(1)} и изделия аналогичного назначения`,
          depth: 0,
        });
        for (let h = 1; h <= HEADINGS_PER_GROUP; h++) {
          const heading = `${groupCode}${String(h).padStart(2, '0')}`;
          const goods = GOODS[(group * HEADINGS_PER_GROUP + h) % GOODS.length]!;
          both({
            level: 'heading',
            code: heading,
            parentCode: groupCode,
            treeKey: `${section}/${groupCode}/${heading}`,
            name: `${goods[0]!.toUpperCase()}${goods.slice(1)}`,
            depth: 0,
          });
          const codes = pick(random, CODES_PER_HEADING);
          for (let c = 0; c < codes; c++) {
            const code = `${heading}${String((c + 1) * 1000 + (c % 3) * 10).padStart(6, '0')}`;
            const qualifier = QUALIFIERS[c % QUALIFIERS.length]!;
            const name = c % 3 === 0 ? `${goods} ${qualifier}` : qualifier;
            const dropped = random() < SUPERSEDED_SHARE;
            both(
              {
                level: 'code',
                code,
                parentCode: heading,
                treeKey: `${section}/${groupCode}/${code}`,
                name,
                depth: 1 + (c % 3),
              },
              dropped,
            );
            if (!dropped) validCodes.push({ code, name: `${goods} ${qualifier}` });
          }
        }
      }
    });
    await copyRows(
      client,
      'tnved_entries',
      ['level', 'code', 'parent_code', 'tree_key', 'name', 'depth', 'valid_from', 'valid_to', 'latest'],
      entries.length,
      (i) => {
        const e = entries[i]!;
        return [e.level, e.code, e.parentCode, e.treeKey, e.name, e.depth, e.validFrom, e.validTo, e.latest];
      },
    );
  },
};

/** Customs posts of the lanes (Brest, Smolensk, Moscow region, St Petersburg, Vladivostok...). */
const POINTS = [
  ['10702070', 'Владивостокская таможня, т/п Морской порт Владивосток', 'RU', 'Asia/Vladivostok'],
  ['10216170', 'Балтийская таможня, т/п Морской порт Санкт-Петербург', 'RU', 'Europe/Moscow'],
  ['10013160', 'Шереметьевская таможня, т/п Аэропорт Шереметьево (грузовой)', 'RU', 'Europe/Moscow'],
  ['10129060', 'Центральная акцизная таможня, т/п Ногинский', 'RU', 'Europe/Moscow'],
  ['10131010', 'Московская областная таможня, т/п Подольский', 'RU', 'Europe/Moscow'],
  ['10113110', 'Смоленская таможня, т/п МАПП Красное', 'RU', 'Europe/Moscow'],
  ['10511010', 'Екатеринбургская таможня, т/п Кольцовский', 'RU', 'Asia/Yekaterinburg'],
  ['10612050', 'Забайкальская таможня, т/п ЖДПП Забайкальск', 'RU', 'Asia/Chita'],
  ['06611', 'Брестская таможня, т/п Брест-ЦТО', 'BY', 'Europe/Minsk'],
  ['06612', 'Брестская таможня, т/п Козловичи', 'BY', 'Europe/Minsk'],
  ['06501', 'Минская центральная таможня, т/п Колядичи', 'BY', 'Europe/Minsk'],
] as const;
const TERMINALS = [
  'СВХ «Терминал Восточный»',
  'СВХ «Логистик-Порт»',
  'СВХ «Белый Раст»',
  'СВХ «Брест-Терминал»',
];
/** Decided declarations by share: most are released. */
const FINAL_MIX = [
  ...Array(88).fill('RELEASED'),
  ...Array(4).fill('RELEASED_CONDITIONALLY'),
  ...Array(3).fill('REFUSED'),
  ...Array(3).fill('WITHDRAWN'),
  ...Array(2).fill('NOT_FILED'),
] as (keyof typeof DECISION_CODES)[];
const OPEN_MIX = ['DRAFT', 'SUBMITTED', 'REGISTERED', 'REGISTERED', 'UNDER_CONTROL', 'RELEASED'] as const;
const CONTROL_KINDS = ['CHECK', 'INSPECTION', 'EXAMINATION', 'SAMPLING', 'DOCUMENTS_REQUESTED'] as const;
const INSPECTIONS = [
  ...Array(85).fill('none'),
  ...Array(8).fill('inspection'),
  ...Array(5).fill('examination'),
  ...Array(2).fill('take_sample'),
];

/**
 * Customs declarations (size / 12: 83,333 at a million orders), one for every twelfth order, of its client,
 * lodged a few days after the order was created at one of the lanes' customs posts (generated here when the
 * installation has none), with one to three items whose TNVED codes are valid codes of the generated
 * classifier; import (ИМ 40) four in five, export (ЭК 10) the rest. Decided when registered more than ten
 * days ago (88 % released, the rest released conditionally, refused, withdrawn or deemed not filed, each
 * with its decision code and release time), recent ones still in the authority's hands; inspection modes as
 * customs practice has them (85 % none). Numbered `post/DDMMYY/serial` once registered, the number checked.
 * Declarants and customs specialists are generated users.
 */
export const declarationsGenerator: Generator = {
  name: 'customs-declarations',
  tables: ['customs_points', 'customs_declarations'],
  rows: (size) => Math.floor(size / 12),
  async run({ client, size, random, ids }) {
    if (!validCodes.length) throw new Error('the declarations need the TNVED generator first');
    const { rows: existing } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customs_points',
    );
    if (existing[0]!.n === 0) {
      const { rows: countries } = await client.query<{ id: number; code: string }>(
        "SELECT id, code FROM countries WHERE code IN ('RU', 'BY')",
      );
      const country = new Map(countries.map((c) => [c.code, c.id]));
      await copyRows(
        client,
        'customs_points',
        ['code', 'name', 'country_id', 'time_zone'],
        POINTS.length,
        (i) => {
          const [code, name, countryCode, zone] = POINTS[i]!;
          return [code, name, country.get(countryCode)!, zone];
        },
      );
    }
    const { rows: points } = await client.query<{ id: number; code: string }>(
      'SELECT id, code FROM customs_points ORDER BY id',
    );
    const users = ids.get('users') ?? (await idRange(client, 'users'));
    const { rows: orders } = await client.query<{
      id: number;
      client_id: number;
      client_name: string;
      created: Date;
    }>(
      'SELECT id, client_id, client_name, created_at AS created FROM orders WHERE id % 12 = 0 ORDER BY id LIMIT $1',
      [this.rows(size)],
    );
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    let serial = 0;
    await copyRows(
      client,
      'customs_declarations',
      [
        'number',
        'status',
        'control_kind',
        'decision_code',
        'order_id',
        'client_id',
        'client_name',
        'direction',
        'procedure_code',
        'customs_point_id',
        'bonded_terminal',
        'release_condition',
        'customs_object',
        'inspection_mode',
        'items',
        'declarant_id',
        'declarant_accepted_at',
        'customs_specialist_id',
        'customs_specialist_accepted_at',
        'registration_date',
        'submitted_at',
        'registered_at',
        'decision_at',
        'release_minutes',
        'status_changed_at',
        'created_at',
        'updated_at',
      ],
      orders.length,
      (i) => {
        const order = orders[i]!;
        const created = order.created.getTime() + Math.floor(random() * 3 * DAY);
        const submitted = created + Math.floor((1 + random() * 3) * DAY);
        const registered = submitted + Math.floor(random() * 4 * 3600_000);
        const decided = registered + Math.floor((0.2 + random() * (random() < 0.1 ? 96 : 8)) * 3600_000);
        const old = now - registered > 10 * DAY;
        const status = created > now ? 'DRAFT' : old ? pick(random, FINAL_MIX) : pick(random, OPEN_MIX);
        const filed = status !== 'DRAFT';
        const isRegistered = filed && status !== 'SUBMITTED' && submitted <= now;
        const decision = status in DECISION_CODES && decided <= now;
        const point = pick(random, points);
        const day = new Date(registered);
        const ddmmyy = `${String(day.getUTCDate()).padStart(2, '0')}${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCFullYear() % 100).padStart(2, '0')}`;
        const number = isRegistered
          ? `${point.code.padEnd(8, '0')}/${ddmmyy}/${String(++serial).padStart(7, '0')}`
          : null;
        if (number && i % 1000 === 0 && !parseDeclarationNumber(number))
          throw new Error(`bad DT number ${number}`);
        const exporting = random() < 0.2;
        const items = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const code = pick(random, validCodes);
          return {
            tnvedCode: code.code,
            description: code.name,
            grossWeight: Math.round(100 + random() * 20_000),
            netWeight: Math.round(90 + random() * 18_000),
            customsValue: (1000 + random() * 200_000).toFixed(2),
          };
        });
        const changed = decision ? decided : isRegistered ? registered : filed ? submitted : created;
        const person = () => users.first + Math.floor(random() * (users.last - users.first + 1));
        return [
          number,
          decision || !(status in DECISION_CODES) ? status : 'REGISTERED',
          status === 'UNDER_CONTROL' ? pick(random, CONTROL_KINDS) : null,
          decision ? pick(random, DECISION_CODES[status as keyof typeof DECISION_CODES]) : null,
          order.id,
          order.client_id,
          order.client_name,
          exporting ? 'EK' : 'IM',
          exporting ? '10' : '40',
          point.id,
          pick(random, TERMINALS),
          random() < 0.9 ? 'customs' : 'customs_a',
          exporting ? 'departure' : 'arrival',
          pick(random, INSPECTIONS),
          JSON.stringify(items),
          person(),
          at(created),
          person(),
          at(created),
          isRegistered ? day.toISOString().slice(0, 10) : null,
          filed ? at(submitted) : null,
          isRegistered ? at(registered) : null,
          decision ? at(decided) : null,
          decision ? Math.round((decided - registered) / 60_000) : null,
          at(changed),
          at(created),
          at(changed),
        ];
      },
    );
  },
};
