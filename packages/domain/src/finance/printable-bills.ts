import { z } from 'zod';
import { decimalFixed, decimalMultiply } from '../common/decimal';
import { declareResource } from '../common/declare';
import { defineFieldRoles } from '../common/field-roles';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { counterpartyResource } from '../counterparties/counterparty';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { billResource } from './bills';
import { paymentFormResource } from './payment-forms';
import { printableBillTemplateResource } from './printable-bill-templates';

/** Stable English messages of the printable bills' rules (spec §8); the web translates them in messages.json. */
export const PRINTABLE_BILL_MESSAGES = {
  billMismatch: "Bill must match the document's counterparty, company and payment form.",
  billTied: 'Bill already tied to a document.',
  billNotIncome: 'Bill type must be Income.',
  servicesRequired: 'Document needs at least one service.',
  sumMismatch: 'The sum of printable bill services must equal the sum of bills.',
  currencyMismatch: 'The bills of a document must be in one currency.',
  finalized: 'A finalized printable bill cannot be changed.',
  notFinalized: 'Only a finalized printable bill can be marked processed.',
  hasFiles: 'Cannot delete a printable bill with files.',
  templateCompany: 'The template belongs to another legal entity.',
  editDenied: 'You may change only the date, number or certificate data of this printable bill.',
  exportRequisites: 'The requisites of the company, its bank or the buyer do not fit the XML export.',
} as const;

/** The VAT rates a service line may carry; null is "without VAT". */
export const PRINTABLE_BILL_VAT_RATES = ['0', '10', '20'] as const;

const positive = (max: RegExp) =>
  z
    .string()
    .trim()
    .regex(max, MESSAGES.invalid)
    .refine((v) => /[1-9]/.test(v), MESSAGES.tooSmall);

/**
 * A service line as sent: its amount is the server's, quantity × price rounded to kopecks, so a line never
 * disagrees with itself.
 */
export const printableBillLineInputSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.blank).max(500),
  quantity: positive(/^\d{1,12}(\.\d{1,3})?$/),
  unit: z.string().trim().min(1, MESSAGES.blank).max(20),
  price: positive(/^\d{1,15}(\.\d{1,2})?$/),
  vatRate: z.enum(PRINTABLE_BILL_VAT_RATES).nullable(),
});
export type PrintableBillLineInput = z.infer<typeof printableBillLineInputSchema>;

/** A line's amount: quantity × price, rounded half away from zero to kopecks. */
export const printableBillLineAmount = (line: { quantity: string; price: string }): string =>
  decimalFixed(decimalMultiply(line.quantity, line.price), 2);

/** A stored service line, its amount computed. */
export const printableBillStoredLineSchema = printableBillLineInputSchema.extend({ amount: z.string() });
export type PrintableBillStoredLine = z.infer<typeof printableBillStoredLineSchema>;

/** Who may do what with printable bills (spec §6 "Printable bills"). */
export const PRINTABLE_BILL_ROLES = {
  view: ['ROLE_PRINTABLE_BILL_VIEW', 'ROLE_PRINTABLE_BILL_UNLINKED_VIEW'],
  // The update route is open to each role that changes a part; which parts is the field roles' business.
  edit: [
    'ROLE_PRINTABLE_BILL_EDIT',
    'ROLE_PRINTABLE_BILL_CHANGE_DATE',
    'ROLE_PRINTABLE_BILL_NUMBER',
    'ROLE_PRINTABLE_BILL_CERTIFICATE',
  ],
  create: ['ROLE_PRINTABLE_BILL_CREATE'],
  delete: ['ROLE_PRINTABLE_BILL_DELETE'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

/**
 * Spec §6: the date (after creation), the number and the certificate data each need their own role; the
 * number is given by the counter unless its role holder types one.
 */
export const PRINTABLE_BILL_FIELD_RULES = defineFieldRoles({
  roles: {
    date: 'ROLE_PRINTABLE_BILL_CHANGE_DATE',
    number: 'ROLE_PRINTABLE_BILL_NUMBER',
    certificateNumber: 'ROLE_PRINTABLE_BILL_CERTIFICATE',
    certificateDate: 'ROLE_PRINTABLE_BILL_CERTIFICATE',
  },
  freeOnCreate: ['date'],
  createDefaults: { number: null, certificateNumber: null, certificateDate: null },
});

/**
 * Printable bills (`/finances/printable-bills`, spec §3 "Printable bill"): the document sent to the client
 * for one or more income bills of one counterparty, company and payment form, with service lines summing
 * to the bills. Numbered per company and year; finalized = frozen; processed = passed to accounting
 * (docs/finance.md "Printable bills").
 */
export const printableBillResource = declareResource({
  fieldRoles: PRINTABLE_BILL_FIELD_RULES,
  name: 'printable_bill',
  path: '/finances/printable-bills',
  title: 'finance.printableBills.title',
  itemTitle: 'finance.printableBills.item',
  keys: 'finance.printableBills.fields',
  fields: {
    number: f.text({ max: 50 }).optional().listed().searchable().sortable(),
    date: f.date().listed().filterable().sortable(),
    billIds: f.references(billResource, 'number', { max: 100 }).listed().filterable(),
    counterpartyId: f.reference(counterpartyResource).readOnly().filterable().hiddenInForm(),
    counterpartyName: f.text().readOnly().listed().searchable().sortable().hiddenInForm(),
    legalEntityId: f.reference(legalEntityResource).readOnly().listed().filterable().hiddenInForm(),
    paymentFormId: f.reference(paymentFormResource).readOnly().filterable().hiddenInForm(),
    currencyId: f.reference(currencyResource, 'code').readOnly().listed().hiddenInForm(),
    /** The sum of the service lines, equal to the bills' sum. */
    amount: f.money().readOnly().listed().sortable(),
    templateId: f.reference(printableBillTemplateResource).optional(),
    /** "Основание": the agreement or order the bill is for. */
    basis: f.text({ max: 500 }).optional(),
    /** The certificate of completion (акт) issued with the bill. */
    certificateNumber: f.text({ max: 50 }).optional(),
    certificateDate: f.date().optional(),
    /** The service lines (a table of their own); their sum equals the bills'. */
    lines: f.of(
      'json',
      z.array(printableBillLineInputSchema).min(1, PRINTABLE_BILL_MESSAGES.servicesRequired).max(200),
      z.array(printableBillStoredLineSchema),
    ),
    finalized: f.boolean().readOnly().listed().filterable().width('short'),
    finalizedAt: f.datetime().readOnly().optional(),
    processed: f.boolean().readOnly().listed().filterable().width('short'),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: PRINTABLE_BILL_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  // Made from income bills only (`/from-bill/{billId}`): the list has no create button.
  screens: { create: 'elsewhere', edit: true },
});

export const printableBillCreateSchema = printableBillResource.create;
export type PrintableBillCreate = z.infer<typeof printableBillCreateSchema>;
export const printableBillSchema = printableBillResource.entity;
export type PrintableBill = z.infer<typeof printableBillSchema>;

/** The language of the PDF: the template's unless asked. */
export const printableBillPdfQuerySchema = z.object({
  language: z.enum(['ru', 'en']).optional(),
});
