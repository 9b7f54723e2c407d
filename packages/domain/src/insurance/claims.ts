import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';
import type { Role } from '../permissions';
import {
  INSURANCE_ROLES,
  INSURER_LINK_STATE_LABELS,
  INSURER_LINK_STATES,
  insuranceCertificateResource,
} from './certificates';

export const CLAIM_DECISIONS = ['pending', 'approved', 'partial', 'declined'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
export const CLAIM_DECISION_LABELS: Readonly<Record<ClaimDecision, LocalizedText>> = {
  pending: { ru: 'Ожидает решения', en: 'Pending' },
  approved: { ru: 'Признан', en: 'Approved' },
  partial: { ru: 'Признан частично', en: 'Partly approved' },
  declined: { ru: 'Отказано', en: 'Declined' },
};

/** The steps of a claim with a deadline, in order. */
export const CLAIM_STEPS = ['notice', 'decision', 'payment'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];
/** What a claim's list says of its deadlines: none passed, or the first step past its deadline. */
export const CLAIM_OVERDUE_LABELS: Readonly<Record<'no' | ClaimStep, LocalizedText>> = {
  no: { ru: 'В срок', en: 'On time' },
  notice: { ru: 'Просрочено заявление', en: 'Notice overdue' },
  decision: { ru: 'Просрочено решение', en: 'Decision overdue' },
  payment: { ru: 'Просрочена выплата', en: 'Payment overdue' },
};

export const CLAIM_ROLES = {
  view: INSURANCE_ROLES.view,
  edit: ['ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_BANK_INSURER'],
  create: ['ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_BANK_INSURER'],
  /** Spec §6 "case removal". */
  delete: ['ROLE_INSURANCE_CASE_REMOVE'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

const amount = moneySchema.shape.amount.refine((v) => !v.startsWith('-'), MESSAGES.tooSmall);

/**
 * An insurance case (страховой случай) under a certificate: the loss, the written notice to the insurer,
 * the survey, the documents, the insurer's decision and the payment. Each step's deadline is reckoned from
 * the policy (notice: days after the loss; decision: days after the documents are complete; payment: days
 * after the decision) and a step past it without being done is overdue.
 */
export const insuranceClaimResource = declareResource({
  name: 'insurance_claim',
  path: '/tms/cargo-insurance-claims',
  title: 'insurance.claims.title',
  itemTitle: 'insurance.claims.item',
  keys: 'insurance.claims.fields',
  fields: {
    certificateId: f.parent(insuranceCertificateResource),
    lossDate: f.date().listed().sortable(),
    description: f.textarea({ max: 4000 }),
    claimedAmount: f.money().input(amount).optional(),
    noticeDate: f.date().optional().listed(),
    noticeDue: f.date().optional().readOnly().listed(),
    surveyDate: f.date().optional(),
    surveyor: f.text({ max: 255 }).optional(),
    surveyReport: f.textarea({ max: 4000 }).optional(),
    /** The documents given to the insurer (certificate, transport document with remarks, invoice, claim to the carrier, survey). */
    documents: f.textarea({ max: 4000 }).optional(),
    documentsCompleteDate: f.date().optional(),
    decision: f.enum(CLAIM_DECISIONS, CLAIM_DECISION_LABELS).defaulted().listed().filterable(),
    decisionDate: f.date().optional(),
    decisionDue: f.date().optional().readOnly().listed(),
    approvedAmount: f.money().input(amount).optional(),
    paymentDate: f.date().optional(),
    paidAmount: f.money().input(amount).optional(),
    paymentDue: f.date().optional().readOnly().listed(),
    /** The first step past its deadline and not done as of today (`overdueClaimSteps`), or `no`. */
    overdue: f.enum(CLAIM_OVERDUE_LABELS).readOnly().listed(),
    /** Where filing the claim with a linked insurer stands, and the insurer's number of it. */
    insurerState: f.enum(INSURER_LINK_STATES, INSURER_LINK_STATE_LABELS).optional().readOnly(),
    insurerClaimId: f.text().optional().readOnly(),
    insurerError: f.text().optional().readOnly(),
    updatedAt: f.updatedAt(),
  },
  roles: CLAIM_ROLES,
  labelField: 'lossDate',
  defaultSort: { field: 'lossDate', order: 'desc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type InsuranceClaim = z.infer<typeof insuranceClaimResource.entity>;

const addDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};

/** The policy's terms a claim's deadlines come from. */
export interface ClaimTerms {
  claimNoticeDays: number;
  claimDecisionDays: number;
  claimPaymentDays: number;
}

/** The claim's facts the deadlines read. */
export interface ClaimFacts {
  lossDate: string;
  noticeDate?: string | null;
  documentsCompleteDate?: string | null;
  decision?: string | null;
  decisionDate?: string | null;
  paymentDate?: string | null;
}

/**
 * Each step's deadline: the notice so many days after the loss, the decision after the documents are
 * complete, the payment after a decision to pay (none for a declined claim); null until its start is known.
 */
export function claimDeadlines(claim: ClaimFacts, terms: ClaimTerms) {
  const pays = claim.decision === 'approved' || claim.decision === 'partial';
  return {
    noticeDue: addDays(claim.lossDate, terms.claimNoticeDays),
    decisionDue: claim.documentsCompleteDate
      ? addDays(claim.documentsCompleteDate, terms.claimDecisionDays)
      : null,
    paymentDue: pays && claim.decisionDate ? addDays(claim.decisionDate, terms.claimPaymentDays) : null,
  };
}

/** The steps whose deadline passed before `today` and that are not done. */
export function overdueClaimSteps(
  claim: ClaimFacts & { noticeDue: string | null; decisionDue: string | null; paymentDue: string | null },
  today: string,
): ClaimStep[] {
  const late = (due: string | null, done: unknown) => Boolean(due && !done && due < today);
  const decided = claim.decision && claim.decision !== 'pending';
  return CLAIM_STEPS.filter((step) =>
    step === 'notice'
      ? late(claim.noticeDue, claim.noticeDate)
      : step === 'decision'
        ? late(claim.decisionDue, decided)
        : late(claim.paymentDue, claim.paymentDate),
  );
}
