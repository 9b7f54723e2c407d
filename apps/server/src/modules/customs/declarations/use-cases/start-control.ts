import { INSPECTION_MODE_OF_CONTROL } from '@tms/domain';
import { z } from 'zod';
import { AUTHORITY_ROLES, defineDeclarationMove } from '../move';

/**
 * The authority begins a control (NotifGTDExaminationStart, an inspection act, a sampling decision): a check
 * of the documents, or of the goods, which sets the declaration's inspection mode.
 */
export const startDeclarationControl = defineDeclarationMove({
  move: 'startControl',
  roles: AUTHORITY_ROLES,
  extra: { controlKind: z.enum(['CHECK', 'INSPECTION', 'EXAMINATION', 'SAMPLING']) },
  apply(_ctx, before, _at, input) {
    return {
      controlKind: input.controlKind,
      inspectionMode: INSPECTION_MODE_OF_CONTROL[input.controlKind] ?? before.inspectionMode,
    };
  },
});
