import { claimDeadlines, insurancePremium } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import { counterparties } from '../../modules/counterparties/tables';
import { insuranceCertificates, insuranceClaims, insurancePolicies } from '../../modules/insurance/tables';
import { orders } from '../../modules/operations/tables';
import { countries, currencies } from '../../modules/reference-data/tables';
import type { Tx } from '../connection';

const INSURER = 'АО «Страховой дом „Гарант-Карго“»';

/** The certificates the demo shows, one per status the insurer's screen meets (value in roubles). */
const CERTIFICATES = [
  { status: 'NOT_READY', value: '2400000.00', cargo: 'Станки токарные с ЧПУ, 2 шт., в ящиках' },
  { status: 'READY', value: '860000.00', cargo: 'Запасные части к сельхозтехнике, 14 паллет' },
  { status: 'ACCEPTED', value: '5150000.00', cargo: 'Серверное оборудование, 6 стоек' },
  {
    status: 'INSURED',
    value: '1275000.00',
    cargo: 'Смартфоны в заводской упаковке, 40 коробок',
    number: 'ГС-2026-000147',
  },
  {
    status: 'REJECTED',
    value: '310000.00',
    cargo: 'Стеклянная посуда',
    reason: 'Хрупкий груз без усиленной упаковки: нужна фотофиксация упаковки',
  },
] as const;

/**
 * A demo open cover with an insurer and certificates in each status on the first open orders (their cargo
 * insurance status set to match), the figures reckoned as the server does; a late claim on the insured one.
 */
export async function seedDemoInsurance(tx: Tx): Promise<void> {
  const [ru] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, 'RU'));
  const [rub] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'RUB'));
  const [insurer] = await tx
    .insert(counterparties)
    .values({
      name: INSURER,
      contractor: true,
      client: false,
      countryId: ru!.id,
      applicationRequired: false,
    })
    .returning({ id: counterparties.id });
  const year = new Date().getUTCFullYear();
  const [policy] = await tx
    .insert(insurancePolicies)
    .values({
      number: `ГД-${year}/017`,
      insurerId: insurer!.id,
      insurerName: INSURER,
      currencyId: rub!.id,
      validFrom: `${year}-01-01`,
      validUntil: `${year}-12-31`,
      rate: '0.15',
      minRate: '0.05',
      maxRate: '0.7',
      minimumPremium: '1500.00',
      deductible: '10000.00',
      cancelWindowHours: 12,
      claimNoticeDays: 3,
    })
    .returning();
  const open = await tx
    .select({
      id: orders.id,
      clientId: orders.clientId,
      clientName: orders.clientName,
      route: orders.route,
      cargo: orders.cargo,
      dispatchDate: orders.dispatchDate,
      deliveryDate: orders.deliveryDate,
    })
    .from(orders)
    .where(eq(orders.archived, false))
    .orderBy(asc(orders.id))
    .limit(CERTIFICATES.length);
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  for (const [index, order] of open.entries()) {
    const demo = CERTIFICATES[index]!;
    const figures = insurancePremium({
      value: demo.value,
      basis: 'declared',
      rate: policy!.rate,
      minimumPremium: policy!.minimumPremium,
    });
    const [certificate] = await tx
      .insert(insuranceCertificates)
      .values({
        orderId: order.id,
        policyId: policy!.id,
        clientId: order.clientId,
        clientName: order.clientName,
        insuredName: order.clientName,
        // The order's own cargo where it says what it is; the demo's wording otherwise.
        cargoDescription: order.cargo.description ?? demo.cargo,
        insuredValue: demo.value,
        valueCurrencyId: rub!.id,
        periodFrom: order.dispatchDate ?? inDays(index - 2),
        periodTo: order.deliveryDate ?? inDays(index + 12),
        issueDate: today,
        rate: policy!.rate,
        deductible: policy!.deductible,
        currencyId: rub!.id,
        exchangeRate: '1',
        ...figures,
        dispatchAddress: order.route.find((p) => p.kind === 'dispatch')?.address ?? null,
        deliveryAddress: order.route.findLast((p) => p.kind === 'delivery')?.address ?? null,
        invoiceNumber: `INV-${year}-${String(310 + index).padStart(4, '0')}`,
        invoiceDate: inDays(-5),
        ...('number' in demo ? { number: demo.number, issuedAt: new Date() } : {}),
        ...('reason' in demo ? { rejectionReason: demo.reason } : {}),
      })
      .returning({ id: insuranceCertificates.id });
    if (demo.status === 'INSURED') {
      // A loss reported late: the notice's deadline has passed, the case shows overdue.
      const claim = { lossDate: inDays(-6), decision: 'pending' as const };
      await tx.insert(insuranceClaims).values({
        certificateId: certificate!.id,
        ...claim,
        description: 'При выгрузке повреждены 3 коробки: вмятины, следы влаги',
        claimedAmount: '96000.00',
        surveyor: 'ООО «Аварком-Центр»',
        ...claimDeadlines(claim, policy!),
      });
    }
    await tx.update(orders).set({ cargoInsuranceStatus: demo.status }).where(eq(orders.id, order.id));
  }
}
