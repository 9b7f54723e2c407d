import type { ClaimDecision, InsuredAmountBasis, InsurerLinkState } from '@tms/domain';
import { boolean, date, integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { resourceTable, searchTextColumn } from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';
import { bills } from '../finance';
import { orders } from '../operations';
import { currencies, vehicleTypes } from '../reference-data';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Open covers (генеральные договоры) with insurers: docs/insurance.md "Policies". */
export const insurancePolicies = resourceTable(
  'insurance_policies',
  {
    number: text('number').notNull(),
    insurerId: integer('insurer_id')
      .notNull()
      .references(() => counterparties.id),
    insurerName: text('insurer_name').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    validFrom: day('valid_from').notNull(),
    validUntil: day('valid_until').notNull(),
    rate: text('rate').notNull(),
    minRate: text('min_rate').notNull(),
    maxRate: text('max_rate').notNull(),
    minimumPremium: money('minimum_premium').notNull(),
    deductible: money('deductible').notNull().default('0'),
    cancelWindowHours: integer('cancel_window_hours').notNull().default(0),
    claimNoticeDays: integer('claim_notice_days').notNull().default(3),
    claimDecisionDays: integer('claim_decision_days').notNull().default(30),
    claimPaymentDays: integer('claim_payment_days').notNull().default(15),
    insurerUrl: text('insurer_url'),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('number', 'insurer_name'),
  },
  {
    unique: ['number'],
    indexed: ['insurerId', 'currencyId'],
    sortable: ['number', 'insurerName', 'validFrom', 'validUntil', 'updatedAt'],
  },
);

/**
 * Cargo insurance certificates, one per order: docs/insurance.md "Certificates". The status is the order's
 * (`orders.cargo_insurance_status`), not kept here.
 */
export const insuranceCertificates = resourceTable(
  'insurance_certificates',
  {
    number: text('number'),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => insurancePolicies.id),
    clientId: integer('client_id').references(() => counterparties.id),
    clientName: text('client_name'),
    amountBasis: text('amount_basis').$type<InsuredAmountBasis>().notNull().default('declared'),
    insuredValue: money('insured_value'),
    valueCurrencyId: integer('value_currency_id').references(() => currencies.id),
    periodFrom: day('period_from'),
    periodTo: day('period_to'),
    issueDate: day('issue_date'),
    rate: text('rate'),
    deductible: money('deductible'),
    insuredAmount: money('insured_amount'),
    premium: money('premium'),
    currencyId: integer('currency_id').references(() => currencies.id),
    exchangeRate: text('exchange_rate'),
    insuredName: text('insured_name'),
    insuredAddress: text('insured_address'),
    cargoDescription: text('cargo_description'),
    invoiceNumber: text('invoice_number'),
    invoiceDate: day('invoice_date'),
    dispatchAddress: text('dispatch_address'),
    deliveryAddress: text('delivery_address'),
    transferAddress: text('transfer_address'),
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id),
    vehiclePlate: text('vehicle_plate'),
    additionalInfo: text('additional_info'),
    rejectionReason: text('rejection_reason'),
    issuedAt: at('issued_at'),
    cancelledAt: at('cancelled_at'),
    insurerState: text('insurer_state').$type<InsurerLinkState>(),
    insurerApplicationId: text('insurer_application_id'),
    insurerAttempts: integer('insurer_attempts'),
    insurerError: text('insurer_error'),
    insurerNextAttemptAt: at('insurer_next_attempt_at'),
    incomeBillId: integer('income_bill_id').references(() => bills.id),
    expenseBillId: integer('expense_bill_id').references(() => bills.id),
    searchText: searchTextColumn('number', 'client_name', 'insured_name', 'invoice_number'),
  },
  {
    unique: ['orderId', 'number'],
    indexed: ['policyId', 'clientId'],
    sortable: ['number', 'clientName', 'periodFrom', 'issueDate', 'insuredAmount', 'premium', 'createdAt'],
  },
);

/** Insurance cases under a certificate, with the deadlines reckoned from its policy: docs "Claims". */
export const insuranceClaims = resourceTable(
  'insurance_claims',
  {
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => insuranceCertificates.id),
    lossDate: day('loss_date').notNull(),
    description: text('description').notNull(),
    claimedAmount: money('claimed_amount'),
    noticeDate: day('notice_date'),
    noticeDue: day('notice_due'),
    surveyDate: day('survey_date'),
    surveyor: text('surveyor'),
    surveyReport: text('survey_report'),
    documents: text('documents'),
    documentsCompleteDate: day('documents_complete_date'),
    decision: text('decision').$type<ClaimDecision>().notNull().default('pending'),
    decisionDate: day('decision_date'),
    decisionDue: day('decision_due'),
    approvedAmount: money('approved_amount'),
    paymentDate: day('payment_date'),
    paidAmount: money('paid_amount'),
    paymentDue: day('payment_due'),
    /** The claim as filed with a linked insurer through the job queue (docs/insurance.md "Insurer link"). */
    insurerState: text('insurer_state').$type<InsurerLinkState>(),
    insurerClaimId: text('insurer_claim_id'),
    insurerAttempts: integer('insurer_attempts'),
    insurerError: text('insurer_error'),
    insurerNextAttemptAt: at('insurer_next_attempt_at'),
  },
  { indexed: ['certificateId'], sortable: ['lossDate'] },
);
