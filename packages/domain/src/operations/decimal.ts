/** Exact decimal arithmetic of cargo quantities and money: the common module's (see common/decimal.ts). */
export {
  decimalCompare,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
  decimalNormalize,
  decimalRound,
  isDecimal,
} from '../common/decimal';
