import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCX_MIME_TYPE, type ShipmentDocumentKind } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { legalEntities } from '../../modules/company/tables';
import { shipmentTemplates } from '../../modules/shipment-documents/tables';
import { fileStorageOf } from '../../platform/files/routes';
import { files } from '../../platform/files/tables';
import type { Database } from '../connection';
import { docx } from './demo-templates';

/** The demo's shipment document templates, with the tags of their initiators (`transportOrder`, `shipmentOrder`). */
const TEMPLATES: readonly {
  kind: ShipmentDocumentKind;
  name: string;
  file: string;
  title: string;
  lines: string[];
}[] = [
  {
    kind: 'transport-order',
    name: 'Заявка перевозчику (все продукты)',
    file: 'zayavka-perevozchiku.docx',
    title: 'ЗАЯВКА НА ПЕРЕВОЗКУ № {number} от {date}',
    lines: [
      'Заказчик: {companyName}, ИНН {companyInn}',
      'Перевозчик: {contractorName}, ИНН {contractorInn}',
      'Работа № {jobNumber} по заказам {orderNumbers}',
      'Маршрут:',
      '{#route}',
      '{kind}: {address}, {dateFrom} – {dateTo}, контакт {contactName} {contactPhone}',
      '{/route}',
      'Погрузка: {loadingDate}. Выгрузка: {unloadingDate}.',
      'Груз: {cargoDescription}; вес {cargoWeight} кг; объём {cargoVolume} м³; мест {cargoPlaces}',
      'Тягач {vehicle}, прицеп {trailer}. Водитель {driverName}, тел. {driverPhone}, паспорт {driverPassport}',
      'Ставка: {rate} {currency}',
      'Условия: {terms}',
      'Перевозчик обязуется доставить груз в сохранности и в срок.',
    ],
  },
  {
    kind: 'forwarding-receipt',
    name: 'Экспедиторская расписка',
    file: 'ekspeditorskaya-raspiska.docx',
    title: 'ЭКСПЕДИТОРСКАЯ РАСПИСКА № {number} от {date}',
    lines: [
      'Экспедитор: {companyName}, ИНН {companyInn}, {companyAddress}',
      'Клиент: {clientName}, ИНН {clientInn}; заказ № {orderNumber}',
      'Принят груз: {cargoDescription}; вес {cargoWeight} кг; мест {cargoPlaces}; упаковка {cargoPackaging}',
      'Объявленная стоимость: {cargoDeclaredValue}',
    ],
  },
  {
    kind: 'customer-application',
    name: 'Договор-заявка клиента',
    file: 'dogovor-zayavka.docx',
    title: 'ДОГОВОР-ЗАЯВКА № {number} от {date}',
    lines: [
      'Исполнитель: {companyName}, ИНН {companyInn}, КПП {companyKpp}',
      'Заказчик: {clientName}, ИНН {clientInn}',
      'Заказ № {orderNumber}, продукт {productName}, вид транспорта {transportType}',
      '{#route}',
      '{kind}: {address} ({dateFrom})',
      '{/route}',
      'Груз: {cargoDescription}, {cargoWeight} кг',
      'Подпись заказчика: ____________________',
    ],
  },
];

/**
 * Each kind of shipment document template for every legal entity of the demo, stored as files like uploaded
 * ones. Runs once: nothing when any shipment template exists.
 */
export async function seedDemoShipmentTemplates(database: Database, config: Config): Promise<void> {
  const [any] = await database.db.select({ id: shipmentTemplates.id }).from(shipmentTemplates).limit(1);
  if (any) return;
  const entities = await database.db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .orderBy(asc(legalEntities.id));
  const storage = fileStorageOf(config);
  for (const entity of entities) {
    for (const template of TEMPLATES) {
      const content = docx(template.title, template.lines);
      const key = `demo/${randomUUID()}`;
      await storage.put(key, Readable.from([content]));
      await database.db.transaction(async (tx) => {
        const [file] = await tx
          .insert(files)
          .values({
            storageKey: key,
            description: template.file,
            mimeType: DOCX_MIME_TYPE,
            size: content.length,
            sha256: createHash('sha256').update(content).digest('hex'),
            temporary: false,
          })
          .returning();
        const [row] = await tx
          .insert(shipmentTemplates)
          .values({
            kind: template.kind,
            name: template.name,
            legalEntityId: entity.id,
            fileId: file!.id,
            fileName: template.file,
          })
          .returning();
        await tx
          .update(files)
          .set({ ownerType: 'shipment_template', ownerId: row!.id })
          .where(eq(files.id, file!.id));
      });
    }
  }
}
