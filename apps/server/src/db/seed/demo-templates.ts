import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCX_MIME_TYPE } from '@tms/domain';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import type { Config } from '../../config';
import { documentTemplates } from '../../modules/documents/tables';
import { stageTypes } from '../../modules/operations/tables';
import { fileStorageOf } from '../../platform/files/routes';
import { files } from '../../platform/files/tables';
import type { Database } from '../connection';

const NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A Word paragraph; `bold` for headings. */
const paragraph = (text: string, bold = false) =>
  `<w:p><w:r>${bold ? '<w:rPr><w:b/><w:sz w:val="28"/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

export function docx(title: string, lines: readonly string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = [paragraph(title, true), ...lines.map((line) => paragraph(line))].join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${NS}"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** The three templates of spec §2 the demo ships with, for orders (tags of the order initiator). */
const TEMPLATES = [
  {
    name: 'Заявка на перевозку',
    file: 'transport-order.docx',
    title: 'ЗАЯВКА НА ПЕРЕВОЗКУ ГРУЗА № {number} от {today}',
    lines: [
      'Заказчик: {clientName}',
      'Вид транспорта: {transportType}',
      'Маршрут:',
      '{#route}',
      '{kind}: {address}, {dateFrom} – {dateTo}, контакт {contactName} {contactPhone}',
      '{/route}',
      'Груз: {cargoDescription}; вес {cargoWeight} кг; объём {cargoVolume} м³; мест {cargoPlaces}; упаковка {cargoPackaging}',
      'Дата загрузки: {dispatchDate}. Дата доставки: {deliveryDate}.',
      'Перевозчик обязуется доставить груз в сохранности и в срок.',
    ],
    stage: null,
  },
  {
    name: 'Экспедиторская расписка',
    file: 'forwarding-receipt.docx',
    title: 'ЭКСПЕДИТОРСКАЯ РАСПИСКА к заказу № {number}',
    lines: [
      'Дата: {today}',
      'Клиент (грузоотправитель): {clientName}',
      'Экспедитор принял к перевозке груз: {cargoDescription}',
      'Вес брутто, кг: {cargoWeight}; объём, м³: {cargoVolume}; количество мест: {cargoPlaces}',
      'Объявленная стоимость: {cargoDeclaredValue}',
      'Коды ТН ВЭД: {#tnvedCodes}{code} {/tnvedCodes}',
      'Этапы перевозки:',
      '{#stages}',
      '{name}: план {expectedDate}, факт {actualDate}',
      '{/stages}',
    ],
    // Generated when the documents come back (the DOCUMENT_GENERATION stage of the demo).
    stage: 'DOCUMENTS-RETURNED',
  },
  {
    name: 'Заявка клиента',
    file: 'customer-application.docx',
    title: 'ЗАЯВКА КЛИЕНТА на организацию перевозки по заказу № {number}',
    lines: [
      'Клиент: {clientName}',
      'Продукт: {productName}',
      'Откуда и куда:',
      '{#route}',
      '{address} ({dateFrom})',
      '{/route}',
      'Груз: {cargoDescription}',
      'Дата заявки: {createdAt}',
      'Подпись клиента: ____________________',
    ],
    stage: null,
  },
] as const;

/**
 * Demo templates of the document generator (spec: the transport order, the forwarding receipt and the
 * customer application), stored as files like uploaded ones. Runs once: nothing when any template exists.
 */
export async function seedDemoTemplates(database: Database, config: Config): Promise<void> {
  const [any] = await database.db.select({ id: documentTemplates.id }).from(documentTemplates).limit(1);
  if (any) return;
  const storage = fileStorageOf(config);
  for (const template of TEMPLATES) {
    const content = docx(template.title, template.lines);
    const key = `demo/${randomUUID()}`;
    await storage.put(key, Readable.from([content]));
    await database.db.transaction(async (tx) => {
      const stageType = template.stage
        ? (
            await tx.select({ id: stageTypes.id }).from(stageTypes).where(eq(stageTypes.code, template.stage))
          )[0]
        : undefined;
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
        .insert(documentTemplates)
        .values({
          name: template.name,
          initiatorType: 'order',
          fileId: file!.id,
          fileName: template.file,
          stageTypeIds: stageType ? [stageType.id] : [],
        })
        .returning();
      await tx
        .update(files)
        .set({ ownerType: 'document_template', ownerId: row!.id })
        .where(eq(files.id, file!.id));
    });
  }
}
