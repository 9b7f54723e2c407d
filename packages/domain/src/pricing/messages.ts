/** Stable English messages of the pricing (the web translates them in messages.json). */
export const PRICING_MESSAGES = {
  /** Spec §5: the route's origin region has no collection valid on the pricing date. */
  noActiveCollection: 'Region without active price collection',
  /** Spec §8 "Computed request error": the request lacks what a price is computed from. */
  cannotCalculate: 'the price cannot be calculated from these parameters',
  /** Spec §8: the active collection ("Coll") has no row for the destination and the cargo's breaks. */
  noPrice: 'no price for provided Coll',
  /** One active collection per region per date. */
  overlap: 'Another price collection of this region is valid on these dates.',
  validTo: 'The validity cannot end before it starts.',
  countryTaken: 'This country already belongs to another region.',
  regionInUse: 'The region is used by price collections.',
  /** Import. */
  notXlsx: 'The file is not a readable XLSX workbook.',
  noRows: 'The sheet has no rows under its header.',
  tooManyRows: 'The sheet has more rows than one import takes.',
  columnRequired: 'Choose the column.',
  columnTwice: 'This column is already mapped.',
  columnMissing: 'The sheet has no such column.',
  breakRequired: 'Map a weight break or a volume break column.',
  currencyRequired: 'Map a currency column or choose the collection currency.',
  valueRequired: 'The value is missing.',
  notNumber: 'Not a positive number.',
  notPrice: 'Not a valid price.',
  unknownRegion: 'Unknown region.',
  unknownCurrency: 'Unknown currency.',
  foreignOrigin: "The origin is not the collection's region.",
  rowBreakRequired: 'The row has neither a weight nor a volume break.',
  duplicateBreak: 'The same destination and breaks are priced twice.',
  fileHasErrors: 'The file has errors; nothing was imported.',
} as const;
